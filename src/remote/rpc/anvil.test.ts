import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, DEV_ACCOUNT, type Anvil } from '../../../services/chain/anvil.mjs'
import { createRpcClient } from './client'
import { RpcError } from './errors'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
}, 60_000)
afterAll(() => anvil?.stop())

describe('the chain RPC client against anvil', () => {
  it('reads the chain id and a real balance', async () => {
    const rpc = createRpcClient({ url: anvil.url, fetch })
    expect(await rpc.request('eth_chainId')).toBe('0x7a69')
    expect(await rpc.request('eth_getBalance', [DEV_ACCOUNT.address, 'latest'])).toBe('0x21e19e0c9bab2400000')
  })

  it('does not retry invalid params', async () => {
    let calls = 0
    const counting: typeof fetch = (input, init) => {
      calls++
      return fetch(input, init)
    }
    const error = await createRpcClient({ url: anvil.url, fetch: counting }).request('eth_getBalance', ['nope']).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(-32602)
    expect(calls).toBe(1)
  })
})
