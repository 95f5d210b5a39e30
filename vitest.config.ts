import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'examples/**/*.test.ts',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/**/*.test.ts',
      'tests/**/*.test.tsx',
      'services/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'threads',
    testTimeout: 60_000,
  },
})
