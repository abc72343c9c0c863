import { defineConfig } from 'vitest/config';
import { layerAliases as alias } from './scripts/aliases.mjs';

/** Test tiers: unit (core and adapters with fakes), contract (every port on every store), api (HTTP), e2e (browser). */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'adapters/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'shells/**/*.test.{ts,tsx}',
          ],
          exclude: ['apps/api/src/**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts', 'tests/amobee/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: [
            'apps/api/src/**/*.api.test.ts',
            'tests/stripe/**/*.test.ts',
            'tests/payments/**/*.test.ts',
            'tests/start/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
