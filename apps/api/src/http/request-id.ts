import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A caller's request id when it looks like one (a proxy may set it), otherwise a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
}
