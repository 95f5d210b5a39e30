/**
 * `airlock/testing`: what a plugin's own tests need from the package besides `airlock/plugin` (docs/
 * plugins.md "Testing a plugin"): the kernel with the core modules and the plugin's module, and the
 * deps its effects receive, made for tests (virtual time, in-memory storage, fake ports). An entry of
 * its own: no page loads it.
 */
export { createTestKernel, type TestKernel, type TestKernelOptions } from './testing/testKernel'
export { testDeps, walletWith, type TestDeps, type TestDepsOptions } from './testing/testDeps'
export { serveBlockchainApi, testBlockchainApi, type TestApiServer, type ReceivedRequest, type ApiHandler, type Answer } from './testing/apiServer'
export { apiAnswering, type AskedRequest, type PathAnswer } from './testing/apiAnswering'
