import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, type Address, type Hash } from 'viem'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../../chain/anvil.mjs'
import { RpcError } from '../rpcContext'
import { handleRpc } from './index'
import { fund, testContext, type TestContext } from './testContext'
import { idleMs } from '../../../../tests/support/until'

let anvil: Anvil
let other: Anvil
let ctx: TestContext
let address: Address

const rpc = (method: string, params?: unknown) => handleRpc({ method, params }, ctx)

/** The RpcError `promise` rejects with. */
async function rpcError(promise: Promise<unknown>): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RpcError)
  return error as RpcError
}

const typedData = {
  domain: { name: 'Airlock', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
    amount: '1000',
  },
} as const

beforeAll(async () => {
  ;[anvil, other] = await Promise.all([startAnvil(), startAnvil({ chainId: 1337 })])
  ctx = testContext([
    { chainId: 31337, rpcUrl: anvil.url },
    { chainId: 1337, rpcUrl: other.url },
  ])
  address = ctx.evmAccount().address
  await fund(anvil.url, address)
}, idleMs(30_000))

afterAll(async () => {
  await Promise.all([anvil?.stop(), other?.stop()])
})

describe('reads', () => {
  it('answers the chain and the EOA, and forwards reads to the chain', async () => {
    expect(await rpc('eth_chainId')).toBe('0x7a69')
    expect(await rpc('net_version')).toBe('31337')
    expect(await rpc('eth_accounts')).toEqual([address])
    expect(await rpc('eth_requestAccounts', [])).toEqual([address])
    expect(BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string)).toBe(parseEther('10'))
    expect(await rpc('eth_getCode', [address])).toBe('0x')
  })

  it('refuses reads with params of the wrong form (-32602), naming the place', async () => {
    const error = await rpcError(rpc('eth_getBalance', ['0x1234', 'latest']))
    expect(error.code).toBe(-32602)
    expect(error.message).toBe('Invalid params for eth_getBalance: params[0] must be an address (0x and 40 hex digits), got "0x1234"')
    const block = await rpcError(rpc('eth_getBalance', [address, 'tomorrow']))
    expect(block.message).toContain('params[1] must be a block (tag, number, { blockNumber } or { blockHash }), got "tomorrow"')
    expect((await rpcError(rpc('eth_getTransactionReceipt', []))).message).toContain('params must hold 1 entries, got 0')
    expect((await rpcError(rpc('eth_call', { to: address }))).message).toContain('params must be a list, got object')
    expect((await rpcError(rpc('eth_sendRawTransaction', ['0xdeadbeef']))).message).toContain('params[0] is not a signed transaction')
  })

  it('passes the node’s own error on with its code', async () => {
    // A raw transaction signed by a key with no ether: the node refuses it.
    const poor = privateKeyToAccount(generatePrivateKey())
    const raw = await poor.signTransaction({
      chainId: 31337,
      to: address,
      value: 1n,
      gas: 21000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
      nonce: 0,
    })
    const error = await rpcError(rpc('eth_sendRawTransaction', [raw]))
    expect(error.code).not.toBe(-32602)
    expect(error.message.toLowerCase()).toContain('funds')
  })
})

describe('signing', () => {
  it('personal_sign: a signature viem verifies, for hex bytes and for text', async () => {
    const signature = (await rpc('personal_sign', ['0x68656c6c6f', address])) as Hash
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
    const text = (await rpc('personal_sign', ['Sign in to Airlock', address.toLowerCase()])) as Hash
    expect(await verifyMessage({ address, message: 'Sign in to Airlock', signature: text })).toBe(true)
  })

  it('personal_sign refuses another address (4100) and a missing one (-32602)', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    expect((await rpcError(rpc('personal_sign', ['0x68656c6c6f', stranger]))).code).toBe(4100)
    expect((await rpcError(rpc('personal_sign', ['0x68656c6c6f']))).code).toBe(-32602)
  })

  it('eth_signTypedData_v4: a JSON string or an object, verified by viem', async () => {
    for (const form of [JSON.stringify(typedData), typedData]) {
      const signature = (await rpc('eth_signTypedData_v4', [address, form])) as Hash
      expect(await verifyTypedData({ ...typedData, message: { ...typedData.message, amount: 1000n }, address, signature })).toBe(true)
    }
  })

  it('eth_signTypedData_v4 refuses data that does not match its types, another chain’s domain, and bad JSON', async () => {
    const badAddress = { ...typedData, message: { ...typedData.message, to: { name: 'Bob', wallet: 'bob' } } }
    const invalid = await rpcError(rpc('eth_signTypedData_v4', [address, badAddress]))
    expect(invalid.code).toBe(-32602)
    expect(invalid.message).toContain('bob')
    const foreign = await rpcError(rpc('eth_signTypedData_v4', [address, { ...typedData, domain: { ...typedData.domain, chainId: 1 } }]))
    expect(foreign.message).toContain("domain.chainId 1 is not the wallet's chain 31337")
    expect((await rpcError(rpc('eth_signTypedData_v4', [address, '{not json']))).message).toContain('params[1] is not JSON')
  })

  it('eth_sign is refused as unsupported (4200)', async () => {
    const error = await rpcError(rpc('eth_sign', [address, '0x' + '11'.repeat(32)]))
    expect(error.code).toBe(4200)
  })
})

describe('eth_sendTransaction', () => {
  it('from the EOA: filled from the chain, signed here, mined, value moved', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address
    const hash = (await rpc('eth_sendTransaction', [{ from: address, to, value: '0xde0b6b3a7640000' }])) as Hash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const client = createPublicClient({ transport: http(anvil.url) })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(parseEther('1'))
  })

  it('sends requests made at once one after another, each with its own nonce', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address
    const hashes = (await Promise.all([1, 2, 3].map((n) => rpc('eth_sendTransaction', [{ to, value: `0x${n}` }])))) as Hash[]
    const client = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 })
    const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash })))
    expect(receipts.every((receipt) => receipt.status === 'success')).toBe(true)
    expect(await client.getBalance({ address: to })).toBe(6n)
  })

  it('refuses another sender (4100), fees over their limits (-32602) and another chain (4901)', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    expect((await rpcError(rpc('eth_sendTransaction', [{ from: stranger, to: stranger, value: '0x1' }]))).code).toBe(4100)
    const fees = await rpcError(rpc('eth_sendTransaction', [{ to: stranger, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }]))
    expect(fees.code).toBe(-32602)
    expect(fees.message).toContain('must not exceed the fee cap')
    expect((await rpcError(rpc('eth_sendTransaction', [{ to: stranger, value: '12' }]))).message).toContain('params[0].value must be a hex quantity')
    expect((await rpcError(rpc('eth_sendTransaction', [{ to: stranger, chainId: '0x1' }]))).code).toBe(4901)
  })
})

describe('chains and refusals', () => {
  it('wallet_switchEthereumChain moves to a served chain; an unknown one is 4902', async () => {
    expect(await rpc('wallet_switchEthereumChain', [{ chainId: '0x539' }])).toBeNull()
    expect(await rpc('eth_chainId')).toBe('0x539')
    expect(await rpc('eth_blockNumber')).toBe('0x0')
    expect((await rpcError(rpc('wallet_switchEthereumChain', [{ chainId: '0x1' }]))).code).toBe(4902)
    expect((await rpcError(rpc('wallet_switchEthereumChain', [{ chainId: 1 }]))).code).toBe(-32602)
    await rpc('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])
    expect(await rpc('eth_chainId')).toBe('0x7a69')
  })

  it('wallet_getAssets and methods not on the list are 4200; the latter "Requested RPC call is not allowed"', async () => {
    expect((await rpcError(rpc('wallet_getAssets', [{ account: address }]))).code).toBe(4200)
    for (const method of ['eth_signTransaction', 'wallet_addEthereumChain', 'toString', '__proto__']) {
      const error = await rpcError(rpc(method, []))
      expect(error.code).toBe(4200)
      expect(error.message).toBe('Requested RPC call is not allowed')
    }
  })
})
