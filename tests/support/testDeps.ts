/** The repository's tests take `testDeps` from where `airlock/testing` publishes it (src/testing/testDeps.ts). */
export { testDeps, walletWith, type TestDeps, type TestDepsOptions } from '../../src/testing/testDeps'
