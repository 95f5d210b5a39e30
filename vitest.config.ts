import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  // The public entry points by their package names, as tsconfig.json `paths` maps them.
  resolve: {
    alias: [
      { find: /^airlock$/, replacement: source('./src/index.ts') },
      { find: /^airlock\/react$/, replacement: source('./src/react.ts') },
      { find: /^airlock\/wagmi$/, replacement: source('./src/wagmi/index.ts') },
      { find: /^airlock\/solana$/, replacement: source('./src/solana/index.ts') },
      { find: /^airlock\/plugin$/, replacement: source('./src/plugin.ts') },
    ],
  },
  test: {
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
    environment: 'node',
    pool: 'threads',
    // Two workers on 2 cores: most of a browser or stack test's time is spent waiting on Chromium,
    // anvil or a server in their own processes, so a second worker fills that wait. Builds take scripts/buildLock.mjs's lock, the packed stage is renamed into
    // place, each consumer site has its own folder, servers listen on ports the OS picks, and
    // PostgreSQL is installed before the workers start (scripts/test.mjs), not by two tests at once.
    maxWorkers: 2,
    testTimeout: 60_000,
    // A hook that starts a stack or builds may wait long on a busy 2-core machine; the default 10 s
    // only an idle one meets (two suites failed so in CI with other work running).
    hookTimeout: 180_000,
  },
})
