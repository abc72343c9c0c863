import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import type { UserConfig } from 'vite';
import { layerAliases } from '../../scripts/aliases.mjs';
import { remoteBase, remoteEntryFile, sharedSingletons, type RemoteName } from './federation.config';

/**
 * The vite config of a remote: its root page exposed as './App' (plus any extra pages), built to be
 * served under `/remotes/<name>/`. The exposed page is also the build input: a remote has no page of its own.
 */
export function defineRemoteConfig(
  name: RemoteName,
  root: string,
  extraExposes: Record<string, string> = {},
): UserConfig {
  // Absolute paths: the federation plugin resolves exposes against the working directory, not `root`.
  const exposes = Object.fromEntries(
    Object.entries({ './App': './src/App.tsx', ...extraExposes }).map(([key, file]) => [key, path.join(root, file)]),
  );
  return {
    root,
    base: remoteBase(name),
    resolve: { alias: layerAliases },
    plugins: [
      react(),
      federation({
        name,
        filename: remoteEntryFile,
        exposes,
        shared: sharedSingletons,
        // Remotes only ever run inside the shell, which provides the federation runtime.
        experiments: { externalRuntime: true },
        dts: false,
      }),
    ],
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: true,
      rollupOptions: { input: path.join(root, 'src/App.tsx') },
    },
  };
}
