import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * The key a client is counted by: a hash of its address (an IPv6 address by its /56 network, as one
 * household gets a whole block), so limits shared through the database never store an address.
 * Behind a proxy the address is the one TRUST_PROXY lets Express read.
 */
export function clientKeyOf(req: Pick<Request, 'ip'>): string {
  return createHash('sha256')
    .update(`client|${ipKeyGenerator(req.ip ?? 'unknown')}`)
    .digest('hex')
    .slice(0, 32);
}
