import { z } from 'zod';

/** How many sites an organization may show its donate form on. */
export const MAX_EMBED_ORIGINS = 10;

/** An origin is short: scheme, host and port. */
export const EMBED_ORIGIN_MAX_LENGTH = 260;

/** Plain http only for this computer (trying the form out); every other site is https. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
/** A host name or IPv4 address, or a bracketed IPv6 address: no wildcards, no other characters. */
const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

/**
 * A site that may show the donate form in a frame, written exactly: `https://www.example.org` or
 * `https://example.org:8443` (no path, query, wildcard or user). Answers the origin as browsers
 * write it (lower case, no default port), or what is wrong with it.
 */
export function embedOriginOf(value: string): { ok: true; origin: string } | { ok: false; problem: string } {
  const written = value.trim().replace(/\/$/, '');
  const example = 'Write a site as https://www.example.org (its address up to the first /).';
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return { ok: false, problem: `“${value.trim()}” is not a web address. ${example}` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, problem: `“${written}” is not a web site’s address. ${example}` };
  }
  const onlyTheSite =
    url.pathname === '/' &&
    !/[?#]/.test(written) &&
    url.username === '' &&
    url.password === '' &&
    !written.slice(url.protocol.length + 2).includes('/');
  if (!onlyTheSite || !HOST.test(url.hostname)) {
    return { ok: false, problem: `“${written}” is more than a site: no path, query, user or wildcard. ${example}` };
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOST.test(url.hostname)) {
    return { ok: false, problem: `“${written}” must start with https:// (plain http only for this computer).` };
  }
  return { ok: true, origin: url.origin };
}

/** The sites an organization lists, as an admin writes them: each checked, duplicates dropped. */
export const EmbedOrigins = z
  .array(z.string().max(EMBED_ORIGIN_MAX_LENGTH, 'Write each site as its address up to the first /.'))
  .max(MAX_EMBED_ORIGINS, `List at most ${MAX_EMBED_ORIGINS} sites.`)
  .transform((values, context) => {
    const origins: string[] = [];
    for (const value of values) {
      if (value.trim() === '') continue;
      const checked = embedOriginOf(value);
      if (!checked.ok) {
        context.addIssue({ code: 'custom', message: checked.problem });
        return z.NEVER;
      }
      if (!origins.includes(checked.origin)) origins.push(checked.origin);
    }
    return origins;
  });

/**
 * The `frame-ancestors` of the embeddable donate form: the platform itself and the organization's
 * listed sites (each checked again, so a stored value never widens the header).
 */
export function frameAncestorsOf(origins: readonly string[]): string {
  const listed = origins.flatMap((origin) => {
    const checked = embedOriginOf(origin);
    return checked.ok ? [checked.origin] : [];
  });
  return ["'self'", ...new Set(listed)].join(' ');
}

/** A page of the organization's site the donor came from is at most this long (longer is ignored). */
export const RETURN_ADDRESS_MAX_LENGTH = 2000;

/**
 * The page of the organization's own site a donor may be sent back to after giving on the embedded
 * donate form: an http(s) address, without user or fragment, at most RETURN_ADDRESS_MAX_LENGTH long,
 * whose origin is exactly one the organization lists. Answers it as browsers write it (each character a
 * page could not hold in an attribute or a query percent-encoded), or null for anything else, which is
 * then ignored: it never sends the donor to an address the organization did not list.
 */
export function returnAddressOf(value: unknown, origins: readonly string[]): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_ADDRESS_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  url.hash = '';
  const listed = origins.some((origin) => {
    const checked = embedOriginOf(origin);
    return checked.ok && checked.origin === url.origin;
  });
  const address = url.href;
  return listed && address.length <= RETURN_ADDRESS_MAX_LENGTH ? address : null;
}

/** The host a link back to a page names for the donor (`Back to www.example.org`). */
export const returnHostOf = (address: string): string => new URL(address).host;
