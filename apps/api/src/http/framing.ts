/**
 * A Content-Security-Policy with its `frame-ancestors` set to `sources` (added when it has none);
 * every other directive is kept as it was.
 */
export function withFrameAncestors(policy: string, sources: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^frame-ancestors(\s|$)/i.test(directive));
  return [...directives, `frame-ancestors ${sources}`].join(';');
}
