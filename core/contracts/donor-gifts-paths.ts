/**
 * Where a donor's own gifts page and its API live, and the link an e-mail carries: plain values without
 * the schema library, so the shell can route to the page without loading it.
 */

/** The gifts page: the form without a visit, the donor's gifts with one. */
export const MY_GIFTS_PATH = '/my-gifts';

/** Where the page's API lives; the visit's cookie is sent to nothing else. */
export const MY_GIFTS_API = '/api/my-gifts';

/** The fragment's key: `/my-gifts#link=…`. */
const LINK_FRAGMENT_KEY = 'link';

/**
 * The address an e-mail carries. The token is in the fragment, which browsers never send to a server:
 * it stays out of request logs, proxies and Referer headers, and the page hands it over once.
 */
export function myGiftsLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${MY_GIFTS_PATH}#${new URLSearchParams({ [LINK_FRAGMENT_KEY]: token }).toString()}`;
}

/** The token of a link's fragment (`#link=…`), or null when the address carries none. */
export function linkTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(LINK_FRAGMENT_KEY)?.trim();
  return token ? token : null;
}
