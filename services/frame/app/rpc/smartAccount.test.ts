import { createPublicClient, http, isAddressEqual, numberToHex, parseEther, parseEventLogs, verifyMessage, type Address, type Hash } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployAccountAbstraction } from '../../../bundler/deploy.mjs'
import { startBundler, type Bundler } from '../../../bundler/server.mjs'
import { startAnvil, type Anvil } from '../../../chain/anvil.mjs'
import type { CallsStatusAnswer } from './callsStatus'
import { handleRpc } from './index'
import { fund, testContext, type TestContext } from './testContext'
import { idleMs } from '../../../../tests/support/until'

let anvil: Anvil
let bundler: Bundler
let ctx: TestContext
let smartAccount: Address
let client: ReturnType<typeof createPublicClient>

const rpc = (method: string, params?: unknown) => handleRpc({ method, params }, ctx)
const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address

async function settled(id: string): Promise<CallsStatusAnswer> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const status = (await rpc('wallet_getCallsStatus', [id])) as CallsStatusAnswer
    if (status.status !== 100 || Date.now() > deadline) return status
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

beforeAll(async () => {
  anvil = await startAnvil()
  client = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 })
  await deployAccountAbstraction(anvil.url)
  bundler = await startBundler({ rpcUrl: anvil.url })
  ctx = testContext([{ chainId: 31337, rpcUrl: anvil.url, bundlerUrl: bundler.url }])
  ctx.accountTypes.set(31337, 'smartAccount')
  smartAccount = ((await rpc('eth_accounts')) as [Address])[0]
  // The account pays for its own user operations (no paymaster).
  await fund(anvil.url, smartAccount, '1')
}, idleMs(30_000))

afterAll(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

describe('where the smart account is in effect', () => {
  it('is the address the site sees, and atomic calls are supported', async () => {
    expect(isAddressEqual(smartAccount, ctx.evmAccount().address)).toBe(false)
    expect(await rpc('eth_requestAccounts')).toEqual([smartAccount])
    expect(await rpc('wallet_getCapabilities', [smartAccount])).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    // The owner signs for it (v0.7 SimpleAccount has no ERC-1271).
    const signature = (await rpc('personal_sign', ['0x68656c6c6f', smartAccount])) as Hash
    expect(await verifyMessage({ address: ctx.evmAccount().address, message: 'hello', signature })).toBe(true)
  })

  it('wallet_sendCalls: two transfers in one user operation, one transaction; atomic, 200', async () => {
    const [a, b] = [fresh(), fresh()]
    const { id } = (await rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: smartAccount,
        atomicRequired: true,
        calls: [
          { to: a, value: numberToHex(parseEther('0.01')) },
          { to: b, value: numberToHex(parseEther('0.02')) },
        ],
      },
    ])) as { id: string }
    const status = await settled(id)
    expect(status).toMatchObject({ id, chainId: '0x7a69', status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    const receipt = await client.getTransactionReceipt({ hash: status.receipts[0]!.transactionHash })
    const operations = parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs })
    expect(operations).toHaveLength(1)
    expect(isAddressEqual(operations[0]!.args.sender, smartAccount)).toBe(true)
    expect(operations[0]!.args.success).toBe(true)
    expect(await client.getBalance({ address: a })).toBe(parseEther('0.01'))
    expect(await client.getBalance({ address: b })).toBe(parseEther('0.02'))
  })

  it('eth_sendTransaction: a one-call user operation; the answer is the transaction that carried it', async () => {
    const to = fresh()
    const hash = (await rpc('eth_sendTransaction', [{ from: smartAccount, to, value: numberToHex(parseEther('0.03')) }])) as Hash
    const receipt = await client.getTransactionReceipt({ hash })
    expect(parseEventLogs({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', logs: receipt.logs })).toHaveLength(1)
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.03'))
    // The EOA is not the sender the site sees here.
    const error = await rpc('eth_sendTransaction', [{ from: ctx.evmAccount().address, to, value: '0x1' }]).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4100 })
  })
})
