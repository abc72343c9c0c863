/**
 * Lowercase hex SHA-256 of a secret token (Web Crypto: a global of Node and browsers). Stores keep a
 * link's token only as this hash, so a leaked table opens nothing.
 */
export async function hashSecretToken(token: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
