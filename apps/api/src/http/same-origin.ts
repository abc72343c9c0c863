import type { RequestHandler } from 'express';
import type { ErrorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing API call sent by a page of another site. Session cookies are SameSite=Lax,
 * which already keeps them off cross-site fetches, but a cross-site form POST (sign-out, for one)
 * would still be sent; browsers always name the page's origin on such requests. Calls without an
 * Origin header (server to server, e.g. payment webhooks, curl) are not affected.
 */
export function sameOriginGuard(publicUrl: string): RequestHandler {
  const allowed = new Set([new URL(publicUrl).origin]);
  return (req, res, next) => {
    const origin = req.get('origin');
    if (SAFE_METHODS.has(req.method) || !origin) return next();
    const own = `${req.protocol}://${req.get('host')}`;
    if (origin === own || allowed.has(origin)) return next();
    const body: ErrorBody = { error: { code: 'forbidden', message: 'Requests from other sites are not accepted.' } };
    res.status(403).json(body);
  };
}
