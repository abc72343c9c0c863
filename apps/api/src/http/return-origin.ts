import type { Request } from 'express';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a payer's browser comes back to after the payment page: the address the page was opened at
 * when it is this very server (`localhost` and `127.0.0.1` of the same port on this computer), else the
 * public address. A Host header naming another site is never used.
 */
export function returnOriginOf(req: Pick<Request, 'protocol' | 'get'>, publicUrl: string): string {
  const configured = new URL(publicUrl);
  const host = req.get('host');
  if (!host) return configured.origin;
  let own: URL;
  try {
    own = new URL(`${req.protocol}://${host}`);
  } catch {
    return configured.origin;
  }
  const sameServerByAnotherName =
    LOOPBACK.has(own.hostname) &&
    LOOPBACK.has(configured.hostname) &&
    own.protocol === configured.protocol &&
    own.port === configured.port;
  return sameServerByAnotherName ? own.origin : configured.origin;
}

/**
 * A page of this server (the embedded payment sandbox's checkout) at the origin the payer came from,
 * so the whole trip stays on one name; an address elsewhere (the real provider's) is left as it is.
 */
export function sameServerAddress(url: string, publicUrl: string, origin: string): string {
  const configured = new URL(publicUrl).origin;
  if (origin === configured || !url.startsWith(`${configured}/`)) return url;
  return `${origin}${url.slice(configured.length)}`;
}
