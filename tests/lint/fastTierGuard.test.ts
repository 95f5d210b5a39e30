/**
 * tests/support/fastTierGuard.ts, the fast tier's setup file: once loaded, a server's listen and any
 * child process (async or sync) throw, so a file scripts/testTiers.mjs misreads fails in
 * `npm run test:fast` instead of passing as fast. It patches this worker's node:net and
 * node:child_process, so it is loaded last, in a file of its own (outside the fast tier itself:
 * it calls listen and spawn).
 */
import { describe, expect, it } from 'vitest'
import { createServer } from 'node:http'
import { execFile, spawn, spawnSync, execSync } from 'node:child_process'

describe('the fast tier guard', () => {
  it('refuses a server and a child process once loaded', async () => {
    await import('../support/fastTierGuard')
    const refused = /The fast tier \(npm run test:fast\) starts no/
    expect(() => createServer().listen(0, '127.0.0.1')).toThrow(refused)
    expect(() => spawn(process.execPath, ['--version'])).toThrow(refused)
    expect(() => execFile(process.execPath, ['--version'])).toThrow(refused)
    expect(() => spawnSync(process.execPath, ['--version'])).toThrow(refused)
    expect(() => execSync('true')).toThrow(refused)
  })
})
