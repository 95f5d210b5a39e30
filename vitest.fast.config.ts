import { defineConfig } from 'vitest/config'
import base from './vitest.config'
import { fastTestFiles } from './scripts/testTiers.mjs'

/**
 * `npm run test:fast`: the tests that start no server, no chain, no browser and no child process,
 * on two workers. scripts/testTiers.mjs picks them by what each file imports (no list to keep), and
 * tests/support/fastTierGuard.ts fails one that starts any of those anyway. `npm test` runs them
 * too, with the rest (vitest.config.ts).
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    name: 'fast',
    environment: 'node',
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: base.test?.testTimeout,
    hookTimeout: base.test?.hookTimeout,
    include: fastTestFiles(),
    setupFiles: ['tests/support/fastTierGuard.ts'],
  },
})
