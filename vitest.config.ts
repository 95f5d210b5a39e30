import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'
import { fastTestFiles } from './scripts/testTiers.mjs'
import { machineSlowdown } from './tests/support/until'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))
/** The tests that drive Chromium: BROWSER_WORKERS files at a time (see `projects`). */
const BROWSER_TESTS = ['tests/e2e/**/*.test.ts', 'tests/package/**/*.test.ts', 'services/frame/frame.test.ts']
/**
 * How many browser files run at once: two when the machine has its cores to itself as the run starts
 * (load per core under 1), else one, as before (at load 17-19, two at a time failed 4 of
 * tests/e2e/embedded.test.ts's 10 tests, which pass alone); `AIRLOCK_BROWSER_WORKERS` sets it.
 */
const BROWSER_WORKERS = Number(process.env.AIRLOCK_BROWSER_WORKERS ?? (machineSlowdown() > 1 ? 1 : 2))
/** How much slower than idle the machine runs as the tests start (at least 1). */
const SLOWDOWN = machineSlowdown()
/** The tests that start no server, chain, browser or child process (scripts/testTiers.mjs): `npm run test:fast`. */
const FAST_TESTS = fastTestFiles()

/**
 * The fast tier's project, here and in vitest.fast.config.ts. Its files share their workers' modules
 * (`isolate: false`): importing a file's module graph afresh in a worker of its own was most of the
 * tier's time (89 of 193 s of the files' time on 2026-11-29, 11.6 s shared). A file must then leave
 * nothing behind in a module another reads (tests/unit/restoreActiveNamespace.test.ts found Wallet
 * Standard discovery's per-realm list, debfd40); a global it stubs is restored after each test.
 */
export const FAST_PROJECT = {
  name: 'fast',
  include: FAST_TESTS,
  isolate: false,
  unstubGlobals: true,
  maxWorkers: 2,
}

export default defineConfig({
  // The public entry points by their package names, as tsconfig.json `paths` maps them.
  resolve: {
    alias: [
      { find: /^airlock$/, replacement: source('./src/index.ts') },
      { find: /^airlock\/react$/, replacement: source('./src/react.ts') },
      { find: /^airlock\/wagmi$/, replacement: source('./src/wagmi/index.ts') },
      { find: /^airlock\/solana$/, replacement: source('./src/solana/index.ts') },
      { find: /^airlock\/plugin$/, replacement: source('./src/plugin.ts') },
      { find: /^airlock\/testing$/, replacement: source('./src/testing.ts') },
    ],
  },
  test: {
    environment: 'node',
    pool: 'threads',
    // vi.waitFor's time-out counts an idle machine's time (tests/support/busyMachine.ts).
    setupFiles: ['tests/support/busyMachine.ts'],
    // The time-outs below are an idle machine's, stretched by the load per core when the run starts
    // (tests/support/until.ts): at load 38 on 2 cores, CPU-bound files (router.model, usedKeys,
    // latePlugin.property) went over 60 s of wall time, slow and not stuck.
    testTimeout: Math.round(60_000 * SLOWDOWN),
    // A hook that starts a stack or builds waits for readiness (a chain answering, a receipt, a server
    // listening), which is slow, not stuck, on a busy 2-core machine: the demo stack took 48 s at load
    // 24, 6 s of it this process's CPU. This is the limit for a hang, not a start-up's
    // budget: a hook keeps it unless it has a real reason for another (identity.test.ts's 60 s of its
    // own failed in CI with other work running).
    hookTimeout: Math.round(180_000 * SLOWDOWN),
    // Three groups, one after the other. The fast tier first (above: two workers, modules shared).
    // Then the rest (builds, servers, chains) on two workers, each file in a worker of its own: most
    // of a file's time there is its own import and transform, which a second core halves. The
    // browser tests (real Chromium beside anvil and the local services, with timings a visitor would
    // meet) last, two files at a time on an idle machine (issue 27 §5): a file with its stack and its Chromium used a
    // quarter of one core (tests/e2e/modal.test.ts: 26 s of CPU in 114 s, load 7), the rest waiting
    // on chains, servers and timers, so one file at a time left the machine mostly idle for the
    // group's 1,072 s. Each file starts its own stack on ports the OS picks and its own Chromium
    // profile; its limits stretch with the load (tests/support/until.ts idleMs). Builds take scripts/buildLock.mjs's
    // lock, the packed stage is renamed into place, servers listen on ports the OS picks, and
    // PostgreSQL is installed before the workers start (scripts/test.mjs), not by two tests at once.
    projects: [
      { extends: true, test: { ...FAST_PROJECT, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'examples/**/*.test.ts',
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'tests/**/*.test.ts',
            'tests/**/*.test.tsx',
            'services/**/*.test.ts',
            'server/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: [...BROWSER_TESTS, ...FAST_TESTS, '**/node_modules/**'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      { extends: true, test: { name: 'browser', include: BROWSER_TESTS, maxWorkers: BROWSER_WORKERS, sequence: { groupOrder: 2 } } },
    ],
  },
})
