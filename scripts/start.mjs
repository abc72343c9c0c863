#!/usr/bin/env node
// `npm start`: builds the web apps and the server bundle when their sources changed, then starts the
// platform from the bundle (dist/server). `npm run dev:api` runs the TypeScript sources directly instead.
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_ENTRY } from './build-server.mjs';
import { buildWeb } from './build-web.mjs';

await buildWeb({});
await buildServer({});
// Stack traces point at the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
