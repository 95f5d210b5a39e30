import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { DEV_ACCOUNT, DEV_BALANCE_WEI, holdPort, startAnvil, startDemoChains } from './anvil.mjs'
import { idleMs } from '../../tests/support/until'

describe('the demo chains', () => {
  let demo: Awaited<ReturnType<typeof startDemoChains>>
  beforeAll(async () => {
    demo = await startDemoChains()
  }, idleMs(60_000))
  afterAll(() => demo?.stop())

  it('are two anvil chains with different ids on loopback, each funding the development account', async () => {
    expect(demo.chains.map((c) => c.chainId)).toEqual([31337, 1337])
    for (const [i, anvil] of demo.anvils.entries()) {
      expect(new URL(anvil.url).hostname).toBe('127.0.0.1')
      expect(Number(await anvil.rpc('eth_chainId'))).toBe(demo.chains[i]?.chainId)
      expect(BigInt((await anvil.rpc('eth_getBalance', [DEV_ACCOUNT.address, 'latest'])) as string)).toBe(DEV_BALANCE_WEI)
    }
  })
})

describe('ports', () => {
  it('a held port is taken over by the service that listens on its socket: never free in between', async () => {
    const held = await holdPort()
    const server = createServer((_req, res) => res.end('mine'))
    await new Promise<void>((resolve) => server.listen(held.server, resolve))
    try {
      expect((server.address() as AddressInfo).port).toBe(held.port)
      expect(await (await fetch(`http://127.0.0.1:${held.port}/`)).text()).toBe('mine')
      // Another server asking for the same port is refused while the service runs.
      const other = createNetServer()
      await expect(new Promise((resolve, reject) => other.once('error', reject).listen(held.port, '127.0.0.1', () => resolve(undefined)))).rejects.toThrow(
        /EADDRINUSE/,
      )
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it(
    'anvil on a port something else holds fails at once with the reason, not after its 30 s wait',
    async () => {
      const held = await holdPort()
      try {
        const started = Date.now()
        await expect(startAnvil({ port: held.port })).rejects.toThrow(/in use/i)
        expect(Date.now() - started).toBeLessThan(25_000)
      } finally {
        await held.release()
      }
    },
    idleMs(60_000),
  )
})
