import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { layerAliases } from '../../scripts/aliases.mjs';
import { remoteBase, remoteEntryFile, remoteNames, sharedSingletons } from '../shared/federation.config';

/** The host: served at `/`; remotes are fetched from `/remotes/<name>/` on the page's own origin. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  resolve: { alias: layerAliases },
  plugins: [
    react(),
    federation({
      name: 'web',
      remotes: Object.fromEntries(
        remoteNames.map((name) => [
          name,
          {
            type: 'module',
            name,
            entry: `${remoteBase(name)}${remoteEntryFile}`,
            entryGlobalName: name,
            shareScope: 'default',
          },
        ]),
      ),
      shared: sharedSingletons,
      // Fetch a remote's entry when its area first opens, not every remote at start-up.
      shareStrategy: 'loaded-first',
      // The remotes use the shell's federation runtime instead of each downloading its own copy.
      experiments: { provideExternalRuntime: true },
      disableSnapshot: true,
      dts: false,
    }),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
});
