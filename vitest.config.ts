import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'examples/**/*.test.ts',
      'tests/build/**/*.test.ts',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/property/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/unit/**/*.test.tsx',
      'tests/e2e/**/*.test.ts',
      'tests/package/**/*.test.ts',
      'services/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'threads',
    testTimeout: 60_000,
  },
})
