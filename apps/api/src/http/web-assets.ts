import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { Router } from 'express';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
export const REMOTES = ['campaigner', 'donor', 'admin', 'reporting'] as const;

/** Paths the shell never answers: they belong to the API and the servers beside it. */
const NOT_THE_SHELL = /^\/(api|remotes|sandbox|dev|files|healthz|readyz)(\/|$)/;

/**
 * Serves the built shell at / (with a fallback to its index.html for client-side routes) and each
 * remote's build at /remotes/<name>/. Hashed assets are cached for a year; entry files never.
 */
export function webAssetRoutes(root = REPO_ROOT): Router {
  const router = Router();
  const noCache = (path: string) => /(index\.html|remoteEntry\.js|mf-manifest\.json)$/.test(path);
  const staticOptions = {
    index: false,
    setHeaders: (res: express.Response, path: string) => {
      res.setHeader('Cache-Control', noCache(path) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  };
  for (const remote of REMOTES) {
    const dist = join(root, 'apps', remote, 'dist');
    router.use(`/remotes/${remote}`, express.static(dist, staticOptions));
  }
  const shellDist = join(root, 'shells', 'web', 'dist');
  router.use(express.static(shellDist, staticOptions));
  router.get(/.*/, (req, res, next) => {
    if (NOT_THE_SHELL.test(req.path) || !req.accepts('html')) return next();
    const index = join(shellDist, 'index.html');
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm start` (it builds what is missing) or `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
