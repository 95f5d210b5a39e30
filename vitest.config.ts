import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))
/** The tests that drive Chromium: one file at a time (see `projects`). */
const BROWSER_TESTS = ['tests/e2e/**/*.test.ts', 'tests/package/**/*.test.ts', 'services/frame/frame.test.ts']

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
    testTimeout: 60_000,
    // A hook that starts a stack or builds may wait long on a busy 2-core machine; the default 10 s
    // only an idle one meets (two suites failed so in CI with other work running).
    hookTimeout: 180_000,
    // Two groups, one after the other. The browser tests (real Chromium beside anvil and the local
    // services, with timings a visitor would meet) run one file at a time, as they always have. The
    // rest (units, properties, builds, servers) run on two workers: most of a file's time there is
    // its own import and transform, which a second core halves. Builds take scripts/buildLock.mjs's
    // lock, the packed stage is renamed into place, servers listen on ports the OS picks, and
    // PostgreSQL is installed before the workers start (scripts/test.mjs), not by two tests at once.
    projects: [
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
          exclude: [...BROWSER_TESTS, '**/node_modules/**'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'browser', include: BROWSER_TESTS, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
})
