// Local EVM chains for the demo and the tests: anvil from the npm package @foundry-rs/anvil, on
// 127.0.0.1, on a port picked here, stopped by whoever started it.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const ANVIL_BIN = `${ROOT}node_modules/.bin/anvil`

/** anvil's first development account (the well-known test mnemonic; never use it on a real chain). */
export const DEV_ACCOUNT = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
}

/** Each development account starts with 10,000 ether. */
export const DEV_BALANCE_WEI = 10_000n * 10n ** 18n

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * A free port on 127.0.0.1, listened on until `release()`, so nothing takes it meanwhile (a service
 * whose address another must know before it starts). Better than releasing it: hand `server` to the
 * service's `server.listen(held.server)`, which takes over the listening socket itself, so no other
 * process (a parallel test's server, an outgoing connection's ephemeral port) can take the port
 * between the release and the listen. That race failed a CI run with EADDRINUSE.
 */
export async function holdPort() {
  // Nothing is served while the port is held: a connection is closed at once (so `release()` never
  // waits for one).
  const server = createServer((socket) => socket.destroy())
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return { port: server.address().port, server, release: () => new Promise((resolve) => server.close(() => resolve())) }
}

async function rpc(url, method, params = [], signal) {
  const response = await fetch(url, {
    signal,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(body.error.message)
  return body.result
}

/**
 * Start anvil with `chainId` on a free port (or `port`); resolves once it answers eth_chainId.
 * Returns { url, port, chainId, rpc(method, params), stop() }.
 */
export async function startAnvil({ chainId = 31337, port, blockTime, timestamp } = {}) {
  if (!existsSync(ANVIL_BIN)) throw new Error(`anvil not found at ${ANVIL_BIN}: run npm ci`)
  // anvil is told its port, so a port picked here can be taken by another process before anvil
  // binds it: then pick another, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAnvilOn(port ?? (await freePort()), { chainId, blockTime, timestamp })
    } catch (error) {
      if (port !== undefined || attempt >= 5 || !/in use/i.test(String(error?.message))) throw error
    }
  }
}

async function startAnvilOn(chosen, { chainId, blockTime, timestamp }) {
  const args = ['--host', '127.0.0.1', '--port', String(chosen), '--chain-id', String(chainId), '--silent']
  if (blockTime) args.push('--block-time', String(blockTime))
  // The genesis block's time (unix seconds): a chain started in the past can be given history
  // spread over months (evm_setNextBlockTimestamp only moves forward).
  if (timestamp) args.push('--timestamp', String(timestamp))
  const child = spawn(ANVIL_BIN, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://127.0.0.1:${chosen}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr}`)
    // anvil reports a port in use but may not exit: stop it at once, so the caller can pick another.
    if (/address already in use/i.test(stderr)) {
      child.kill('SIGKILL')
      throw new Error(`anvil could not listen on ${url}: ${stderr.trim()}`)
    }
    try {
      // Whatever else holds the port may never answer: ask again rather than wait.
      const id = await rpc(url, 'eth_chainId', [], AbortSignal.timeout(5000))
      if (Number(id) === chainId) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`anvil did not answer on ${url} within 30 s: ${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    port: chosen,
    chainId,
    rpc: (method, params) => rpc(url, method, params),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
        await exited
        clearTimeout(timer)
      }
    },
  }
}

/**
 * The two demo chains, with different ids so a switch can be seen. 31337 and 1337 are the ids
 * viem knows as local chains, so wallets built on viem's chain list (such as the wallet-mock the
 * browser tests use) can switch between them.
 */
export const DEMO_CHAINS = [
  { chainId: 31337, name: 'Airlock Local A' },
  { chainId: 1337, name: 'Airlock Local B' },
]

/**
 * Start both demo chains, their genesis `startedAgoSeconds` in the past (default 0: now). Returns
 * { chains: [{ chainId, name, rpcUrl }], anvils, stop() }.
 */
export async function startDemoChains({ startedAgoSeconds = 0 } = {}) {
  const timestamp = startedAgoSeconds > 0 ? Math.floor(Date.now() / 1000) - startedAgoSeconds : undefined
  const anvils = await Promise.all(DEMO_CHAINS.map((c) => startAnvil({ chainId: c.chainId, timestamp })))
  return {
    anvils,
    chains: DEMO_CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: anvils[i].url })),
    stop: () => Promise.all(anvils.map((a) => a.stop())).then(() => undefined),
  }
}
