import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isPlatformStaff, type Actor } from '@causeway/core/auth/authorization';
import type { AuthService } from '@causeway/core/auth/auth.service';
import { sessionResolver } from './actor';
import type { ErrorBody } from './errors';
import type { CookiePolicy } from './session-cookies';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** An address of this computer (IPv4 127/8, IPv6 ::1, or 127/8 mapped into IPv6). */
export const isLoopbackAddress = (address: string | undefined): boolean => LOOPBACK.test(address ?? '');

/**
 * A client on this computer: the connection comes from a loopback address, and so does the client
 * Express sees (behind a trusted proxy, the forwarded address: a visitor through a local proxy is not local).
 */
export const isLoopbackClient = (req: Pick<Request, 'ip' | 'socket'>): boolean =>
  isLoopbackAddress(req.socket.remoteAddress) && isLoopbackAddress(req.ip);

/**
 * Development conveniences (the dev mailbox with its invitation links, the sandboxes' control APIs)
 * answer only a client on this computer or a signed-in member of the platform staff; anyone else
 * gets a 403 saying so. Needs cookies parsed.
 */
export function localOrStaffOnly(auth: AuthService, cookies: CookiePolicy, what: string): RequestHandler {
  const resolveSession = sessionResolver(auth, cookies);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (isLoopbackClient(req)) return next();
    try {
      await new Promise<void>((resolve, reject) => {
        resolveSession(req, res, (error?: unknown) => (error ? reject(error) : resolve())).catch(reject);
      });
    } catch (error) {
      return next(error);
    }
    const actor = (res.locals as { actor?: Actor }).actor;
    if (actor && isPlatformStaff(actor)) return next();
    const body: ErrorBody = {
      error: {
        code: 'forbidden',
        message: `${what} answers only on the computer running Causeway, or to platform staff signed in.`,
      },
    };
    res.status(403).json(body);
  };
}
