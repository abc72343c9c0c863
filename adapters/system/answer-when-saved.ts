import { Router, type RequestHandler, type Response } from 'express';

/**
 * Holds back the answer to every request that may change state (anything but GET, HEAD, OPTIONS)
 * until `saved()` says the change is kept, as a real vendor answers only once its own database has
 * committed: a payer who saw "payment succeeded" keeps their payment, and the webhooks it owes, across
 * a crash. When saving fails the connection is dropped instead, so nobody is told of a change that
 * would not survive a restart.
 */
export function answerWhenSaved(saved: () => Promise<void>, onError?: (error: unknown) => void): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let held = false;
    res.end = ((...args: unknown[]) => {
      if (held) return res;
      held = true;
      saved().then(
        () => end(...args),
        (error: unknown) => {
          onError?.(error);
          res.destroy();
        },
      );
      return res;
    }) as Response['end'];
    next();
  };
}

/** A sandbox's router whose changes are answered only once `writer` has saved them (see above). */
export function savedRouter(
  router: Router,
  writer: { flush(): Promise<void> },
  name: string,
  log: { error(fields: object, message: string): void },
): Router {
  return Router().use(
    answerWhenSaved(
      () => writer.flush(),
      (error) => log.error({ err: error }, `${name}: a change could not be saved; its answer was dropped`),
    ),
    router,
  );
}
