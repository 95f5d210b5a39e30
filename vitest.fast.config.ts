import { defineConfig } from 'vitest/config'
import base, { FAST_PROJECT } from './vitest.config'

/**
 * `npm run test:fast`: the tests that start no server, no chain, no browser and no child process,
 * on two workers sharing their modules (vitest.config.ts's FAST_PROJECT, which `npm test` runs first).
 * scripts/testTiers.mjs picks them by what each file imports (no list to keep), and
 * tests/support/fastTierGuard.ts fails one that starts any of those anyway.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    ...FAST_PROJECT,
    environment: 'node',
    pool: 'threads',
    testTimeout: base.test?.testTimeout,
    hookTimeout: base.test?.hookTimeout,
    expect: base.test?.expect,
    setupFiles: ['tests/support/fastTierGuard.ts', 'tests/support/busyMachine.ts', 'tests/support/realTimersGuard.ts'],
  },
})
