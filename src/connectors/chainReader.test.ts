/**
 * The chain reader's retries wait on the instance's injected scheduler (issue 26 §4: one injected
 * clock and retry service), not on the wall clock: a test sees each wait it asks for, in virtual time.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createKernel } from '../kernel/kernel'
import { createEvent } from '../kernel/registry'
import { coreModules } from '../core/modules'
import { resolveOptions } from '../core/options/resolve'
import { ethereum } from '../core/networks/chains/ethereum'
import { chainReader } from './chainReader'
import { testDeps } from '../../tests/support/testDeps'
import { recordingScheduler } from '../../tests/support/recordingScheduler'

let server: Server | undefined
afterEach(() => server?.close())

/** An RPC endpoint that is busy (503) at its first call and answers after. */
async function busyOnce(): Promise<{ url: string; calls: () => number }> {
  let calls = 0
  server = createServer((_req, res) => {
    calls += 1
    if (calls === 1) {
      res.writeHead(503)
      res.end()
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x2a' }))
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls }
}

describe('chainReader', () => {
  it("retries a busy endpoint after a wait on the instance's scheduler", async () => {
    const { url, calls } = await busyOnce()
    const waits: number[] = []
    const deps = testDeps({ fetch: globalThis.fetch.bind(globalThis), scheduler: recordingScheduler(waits) })
    const network = { ...ethereum, rpcUrls: { default: { http: [url] } } }
    const kernel = createKernel({ modules: coreModules, deps })
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [network] }).options }))
    const reader = chainReader(network, kernel.getState(), deps)
    expect(await reader?.request('eth_blockNumber')).toBe('0x2a')
    expect(calls()).toBe(2)
    expect(waits).toEqual([150])
  })
})
