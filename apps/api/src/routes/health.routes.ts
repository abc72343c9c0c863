import { Router } from 'express';
import type { DataStore } from '@causeway/core/ports/unit-of-work.port';

/** Liveness (the process answers) and readiness (its database answers). */
export function healthRoutes(dataStore: Pick<DataStore, 'ping'>): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const database = await dataStore.ping();
    res
      .status(database ? 200 : 503)
      .json({ status: database ? 'ready' : 'unavailable', database: database ? 'up' : 'down' });
  });
  return router;
}
