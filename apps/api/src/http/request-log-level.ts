import type { LevelWithSilent } from 'pino';

/**
 * How loud a finished request is in the log: failures as errors, refusals as warnings, and the app's
 * own calls to its embedded sandboxes (plumbing) only at debug, except the pages a person opens there
 * (the hosted checkout `/c/pay/…` and the billing page `/b/…`).
 *
 * `path` must be the request's original path (Express's `originalUrl`): inside a mounted router
 * `req.url` has lost its mount point by the time the response is logged.
 */
export function requestLogLevel(path: string, statusCode: number, error?: unknown): LevelWithSilent {
  if (error || statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'warn';
  if (path.startsWith('/sandbox/') && !path.includes('/c/pay/') && !path.includes('/b/')) return 'debug';
  return 'info';
}
