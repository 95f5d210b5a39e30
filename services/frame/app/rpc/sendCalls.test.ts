import { createPublicClient, http, numberToHex, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../../chain/anvil.mjs'
import { RpcError } from '../rpcContext'
import { handleRpc } from './index'
import type { CallsStatusAnswer } from './callsStatus'
import { fund, testContext, type TestContext } from './testContext'
import { idleMs } from '../../../../tests/support/until'

let anvil: Anvil
let ctx: TestContext
let address: Address

const rpc = (method: string, params?: unknown) => handleRpc({ method, params }, ctx)
const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address

async function rpcError(promise: Promise<unknown>): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RpcError)
  return error as RpcError
}

/** The bundle's status once it is no longer pending (100). */
async function settled(id: string): Promise<CallsStatusAnswer> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const status = (await rpc('wallet_getCallsStatus', [id])) as CallsStatusAnswer
    if (status.status !== 100 || Date.now() > deadline) return status
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const request = (calls: unknown[], extra: Record<string, unknown> = {}) => [
  { version: '2.0.0', chainId: '0x7a69', from: address, atomicRequired: false, calls, ...extra },
]

beforeAll(async () => {
  anvil = await startAnvil()
  ctx = testContext([{ chainId: 31337, rpcUrl: anvil.url }])
  address = ctx.evmAccount().address
  await fund(anvil.url, address)
  // A contract that always reverts (PUSH1 0 PUSH1 0 REVERT).
  await anvil.rpc('anvil_setCode', [REVERTER, '0x60006000fd'])
}, idleMs(30_000))

afterAll(async () => {
  await anvil?.stop()
})

const REVERTER = '0x00000000000000000000000000000000000dead1'

describe('wallet_getCapabilities', () => {
  it('says atomic calls are unsupported where the EOA is in effect, keyed by chain id in hex', async () => {
    expect(await rpc('wallet_getCapabilities', [address])).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(await rpc('wallet_getCapabilities', [address, ['0x1']])).toEqual({})
    expect((await rpcError(rpc('wallet_getCapabilities', [fresh()]))).code).toBe(4100)
  })
})

describe('wallet_sendCalls from the EOA', () => {
  it('runs the calls one after another; wallet_getCallsStatus reports 200 with a receipt each', async () => {
    const [a, b] = [fresh(), fresh()]
    const { id } = (await rpc(
      'wallet_sendCalls',
      request([
        { to: a, value: numberToHex(parseEther('1')) },
        { to: b, value: numberToHex(parseEther('2')), data: '0x' },
      ]),
    )) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = await settled(id)
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
    expect(status.receipts[0]!.transactionHash).not.toBe(status.receipts[1]!.transactionHash)
    const client = createPublicClient({ transport: http(anvil.url) })
    expect(await client.getBalance({ address: a })).toBe(parseEther('1'))
    expect(await client.getBalance({ address: b })).toBe(parseEther('2'))
  })

  it('a call that fails after one landed leaves the bundle partly done (600); failing first, failed offchain (400)', async () => {
    const partial = (await rpc(
      'wallet_sendCalls',
      request([
        { to: fresh(), value: '0x1' },
        { to: REVERTER, data: '0x12345678' },
      ]),
    )) as { id: string }
    const status = await settled(partial.id)
    expect(status.status).toBe(600)
    expect(status.receipts).toHaveLength(1)
    const failed = (await rpc(
      'wallet_sendCalls',
      request([
        { to: REVERTER, data: '0x' },
        { to: fresh(), value: '0x1' },
      ]),
    )) as { id: string }
    expect((await settled(failed.id)).status).toBe(400)
  })

  it('keeps an id the site gives; the same id again is 5720; an unknown id is 5730', async () => {
    const { id } = (await rpc('wallet_sendCalls', request([{ to: fresh(), value: '0x1' }], { id: 'order-42' }))) as { id: string }
    expect(id).toBe('order-42')
    expect((await settled(id)).status).toBe(200)
    const again = await rpcError(rpc('wallet_sendCalls', request([{ to: fresh(), value: '0x1' }], { id: 'order-42' })))
    expect(again.code).toBe(5720)
    expect((await rpcError(rpc('wallet_getCallsStatus', ['order-43']))).code).toBe(5730)
  })

  it('refuses with the EIP-5792 codes: 5700, 5710, 5740, 5760', async () => {
    const call = { to: fresh(), value: '0x1' }
    const capability = await rpcError(rpc('wallet_sendCalls', request([call], { capabilities: { paymasterService: { url: 'http://127.0.0.1:1' } } })))
    expect(capability.code).toBe(5700)
    expect(capability.message).toContain('paymasterService')
    const perCall = await rpcError(rpc('wallet_sendCalls', request([{ ...call, capabilities: { auxiliaryFunds: {} } }])))
    expect(perCall.code).toBe(5700)
    // An optional capability we lack is ignored: the calls run.
    const optional = (await rpc('wallet_sendCalls', request([call], { capabilities: { paymasterService: { optional: true } } }))) as { id: string }
    expect((await settled(optional.id)).status).toBe(200)
    expect((await rpcError(rpc('wallet_sendCalls', request([call], { chainId: '0x1' })))).code).toBe(5710)
    expect((await rpcError(rpc('wallet_sendCalls', request(Array.from({ length: 11 }, () => call))))).code).toBe(5740)
    const atomic = await rpcError(rpc('wallet_sendCalls', request([call], { atomicRequired: true })))
    expect(atomic.code).toBe(5760)
  })

  it('refuses calls of the wrong form (-32602) and another sender (4100)', async () => {
    const badTo = await rpcError(rpc('wallet_sendCalls', request([{ to: 'abc', value: '0x1' }])))
    expect(badTo.code).toBe(-32602)
    expect(badTo.message).toContain('params[0].calls[0].to must be an address')
    const badData = await rpcError(rpc('wallet_sendCalls', request([{ to: fresh(), data: 'ff' }])))
    expect(badData.message).toContain('params[0].calls[0].data must be hex bytes')
    expect((await rpcError(rpc('wallet_sendCalls', request([])))).code).toBe(-32602)
    expect((await rpcError(rpc('wallet_sendCalls', [{ calls: [{ to: fresh() }] }]))).message).toContain('params[0].version must be string')
    expect((await rpcError(rpc('wallet_sendCalls', request([{ to: fresh() }], { from: fresh() })))).code).toBe(4100)
    expect((await rpcError(rpc('wallet_getCallsStatus', [42]))).code).toBe(-32602)
  })
})
