/**
 * The fast tier's guard (vitest.fast.config.ts `setupFiles`): a test there that starts a server or a
 * child process (a chain, a browser, a build) fails with what it started, so a file that
 * scripts/testTiers.mjs misreads cannot pass as fast. Servers start by `net.Server#listen` (http,
 * Fastify and ws servers too), child processes by `ChildProcess#spawn` (spawn, exec, execFile,
 * fork) or the synchronous calls.
 */
import childProcess from 'node:child_process'
import net from 'node:net'
import { syncBuiltinESMExports } from 'node:module'

const GUARDED = Symbol.for('airlock.fastTierGuard')
const refuse = (what: string) => (): never => {
  throw new Error(`The fast tier (npm run test:fast) starts no ${what}; scripts/testTiers.mjs should have left this file out.`)
}

const marked = globalThis as { [GUARDED]?: true }
if (!marked[GUARDED]) {
  marked[GUARDED] = true
  net.Server.prototype.listen = refuse('server') as typeof net.Server.prototype.listen
  // Undocumented in the types, but the one call spawn, exec, execFile and fork all make.
  ;(childProcess.ChildProcess.prototype as unknown as { spawn: unknown }).spawn = refuse('child process')
  const sync = childProcess as unknown as Record<string, unknown>
  for (const name of ['spawnSync', 'execSync', 'execFileSync']) sync[name] = refuse('child process')
  syncBuiltinESMExports()
}
