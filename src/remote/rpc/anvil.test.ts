/**
 * The chain RPC client against a real anvil (the project's launcher in services/chain: anvil from
 * node_modules/.bin on 127.0.0.1, a free port, chain id 31337, waits for eth_chainId).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { startAnvil, DEV_ACCOUNT, type Anvil } from '../../../services/chain/anvil.mjs'
import { createRpcClient } from './client'
import { RpcError } from './errors'
import { idleMs } from '../../../tests/support/until'

let anvil: Anvil | undefined
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
}, idleMs(60_000))
afterAll(async () => {
  await anvil?.stop()
})

function counting(): { fetch: typeof fetch; calls: () => number } {
  let calls = 0
  return {
    fetch: (input, init) => {
      calls++
      return fetch(input, init)
    },
    calls: () => calls,
  }
}

describe('the chain RPC client against anvil', () => {
  it('reads the chain id and the 10,000 ETH of the first development account', async () => {
    const rpc = createRpcClient({ url: anvil!.url, fetch })
    expect(await rpc.request('eth_chainId', [], t.string)).toBe('0x7a69')
    expect(await rpc.request('eth_getBalance', [DEV_ACCOUNT.address, 'latest'], t.string)).toBe('0x21e19e0c9bab2400000')
    expect(BigInt('0x21e19e0c9bab2400000')).toBe(10_000n * 10n ** 18n)
  })

  it('rejects invalid params with an RpcError -32602, tried once', async () => {
    const http = counting()
    const error = await createRpcClient({ url: anvil!.url, fetch: http.fetch })
      .request('eth_getBalance', ['nope'])
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(-32602)
    expect((error as RpcError).message).toBe('RPC Request failed')
    expect((error as RpcError).details).toBeTruthy()
    expect(http.calls()).toBe(1)
  })
})
