import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNT, DEV_BALANCE_WEI, startDemoChains } from './anvil.mjs'
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
