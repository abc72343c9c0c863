#!/usr/bin/env node
// `npm start`: builds the web apps that are not built yet, then starts the platform
// (TypeScript is run directly through tsx's loader; no separate server build step).
import { register } from 'tsx/esm/api';
import { buildWeb } from './build-web.mjs';

await buildWeb({});
register();
await import('../apps/api/src/main.ts');
