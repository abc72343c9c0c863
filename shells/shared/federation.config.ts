/** Module-federation settings shared by the web shell and its remotes, so both sides agree on names and singletons. */

/** The remotes the shell loads, by federation name. Each is served at `/remotes/<name>/`. */
export const remoteNames = ['campaigner', 'donor', 'admin', 'reporting'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** Where a remote's build is served; root-relative so it resolves against the page's origin. */
export const remoteBase = (name: RemoteName) => `/remotes/${name}/`;

export const remoteEntryFile = 'remoteEntry.js';

/**
 * One instance of each on the page: hooks and the query cache must cross remote boundaries.
 * Routing stays in the shell, so no router library is shared (it would weigh more than the rest together).
 */
export const sharedSingletons = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
};
