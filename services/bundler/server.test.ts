import { createPublicClient, createWalletClient, http, numberToHex, parseAbi, parseEther, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, formatUserOperationRequest, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNT, startAnvil, type Anvil } from '../chain/anvil.mjs'
import { toSimpleAccount } from '../frame/app/smartAccount'
import { ENTRY_POINT_ADDRESS, SIMPLE_ACCOUNT_FACTORY_ADDRESS, accountAbstractionArtifacts, deployAccountAbstraction } from './deploy.mjs'
import { BUNDLER_ACCOUNT, startBundler, type Bundler } from './server.mjs'
import { idleMs } from '../../tests/support/until'

let anvil: Anvil
let client: PublicClient
let bundler: Bundler

interface RpcAnswer {
  jsonrpc: string
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

async function post(body: string, headers: Record<string, string> = {}, url = bundler.url) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
}

async function rpc(method: string, params: unknown, url = bundler.url): Promise<RpcAnswer> {
  return (await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }), {}, url)).json() as Promise<RpcAnswer>
}

async function fund(address: Address, value: bigint) {
  const wallet = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNT.privateKey), transport: http(anvil.url) })
  const hash = await wallet.sendTransaction({ to: address, value, chain: null })
  await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}

/** A signed user operation from a fresh account (funded with `balance`) sending 1 wei to `to`. */
async function signedOperation({ balance = parseEther('1'), to = privateKeyToAccount(generatePrivateKey()).address } = {}) {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSimpleAccount({ client, owner })
  if (balance > 0n) await fund(account.address, balance)
  const bundlerClient = createBundlerClient({ client, account, transport: http(bundler.url) })
  const prepared = await bundlerClient.prepareUserOperation({
    calls: [{ to, value: 1n }],
    // Fixed limits, so an operation from an unfunded account can be built too.
    callGasLimit: 100_000n,
    verificationGasLimit: 400_000n,
    preVerificationGas: 80_000n,
  })
  const op = { ...prepared, signature: await account.signUserOperation(prepared) } as UserOperation<'0.7'>
  return { op, rpcOp: formatUserOperationRequest(op), owner, account }
}

beforeAll(async () => {
  anvil = await startAnvil()
  client = createPublicClient({ transport: http(anvil.url) })
  await deployAccountAbstraction(anvil.url)
  bundler = await startBundler({ rpcUrl: anvil.url })
}, idleMs(30_000))

afterAll(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

describe('deployAccountAbstraction', () => {
  it('puts the EntryPoint and the factory at their canonical addresses, and a second call is a no-op', async () => {
    const { entryPoint, account } = accountAbstractionArtifacts()
    const entryPointCode = await client.getCode({ address: ENTRY_POINT_ADDRESS })
    // The artifact's runtime code with its one immutable (the SenderCreator's address) left as zeros.
    expect(entryPointCode?.length).toBe(entryPoint.deployedBytecode.length)
    expect(await client.getCode({ address: SIMPLE_ACCOUNT_FACTORY_ADDRESS })).not.toBe(undefined)
    const implementation = await client.readContract({
      address: SIMPLE_ACCOUNT_FACTORY_ADDRESS,
      abi: parseAbi(['function accountImplementation() view returns (address)']),
      functionName: 'accountImplementation',
    })
    const accountEntryPoint = await client.readContract({ address: implementation, abi: account.abi, functionName: 'entryPoint' })
    expect(accountEntryPoint).toBe(ENTRY_POINT_ADDRESS)

    const before = await client.getBlockNumber()
    expect(await deployAccountAbstraction(anvil.url)).toEqual({ entryPoint: ENTRY_POINT_ADDRESS, factory: SIMPLE_ACCOUNT_FACTORY_ADDRESS })
    expect(await client.getBlockNumber()).toBe(before)
  })

  it('deploys once when called twice at the same time on a fresh chain', async () => {
    const fresh = await startAnvil()
    try {
      const [a, b] = await Promise.all([deployAccountAbstraction(fresh.url), deployAccountAbstraction(fresh.url)])
      expect(a).toEqual(b)
      expect(await fresh.rpc('eth_blockNumber')).toBe('0x2')
    } finally {
      await fresh.stop()
    }
  })
})

describe('the bundler', () => {
  it('names its chain and its EntryPoint', async () => {
    expect((await rpc('eth_chainId', [])).result).toBe('0x7a69')
    expect((await rpc('eth_supportedEntryPoints', [])).result).toEqual([ENTRY_POINT_ADDRESS])
    expect(bundler.address).toBe(BUNDLER_ACCOUNT.address)
  })

  it('answers JSON-RPC errors with their codes: unknown method, bad JSON, bad request, bad params', async () => {
    const unknown = await rpc('eth_sendTransaction', [])
    expect(unknown.id).toBe(7)
    expect(unknown.error?.code).toBe(-32601)

    const badJson = (await (await post('{"jsonrpc":"2.0",')).json()) as RpcAnswer
    expect(badJson.error?.code).toBe(-32700)
    expect(badJson.id).toBe(null)

    const notRequest = (await (await post('"hello"')).json()) as RpcAnswer
    expect(notRequest.error?.code).toBe(-32600)

    const [first, second] = (await (
      await post(
        JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
          { jsonrpc: '2.0', id: 2, method: 'nope' },
        ]),
      )
    ).json()) as RpcAnswer[]
    expect(first?.result).toBe('0x7a69')
    expect(second?.error?.code).toBe(-32601)

    expect((await rpc('eth_getUserOperationReceipt', ['0x1234'])).error?.code).toBe(-32602)
    expect((await rpc('eth_chainId', { not: 'a list' })).error?.code).toBe(-32602)
  })

  it('refuses malformed user operations with -32602, naming the field', async () => {
    const { rpcOp } = await signedOperation({ balance: 0n })
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...rpcOp, sender: '0x1234' }, /userOperation\.sender/],
      [{ ...rpcOp, nonce: 12 }, /userOperation\.nonce/],
      [{ ...rpcOp, nonce: '0x0001' }, /userOperation\.nonce/],
      [{ ...rpcOp, callData: undefined }, /userOperation\.callData/],
      [{ ...rpcOp, signature: '0xabc' }, /userOperation\.signature/],
      [{ ...rpcOp, callGasLimit: numberToHex(1n << 130n) }, /userOperation\.callGasLimit is too large/],
      [{ ...rpcOp, maxPriorityFeePerGas: numberToHex(BigInt(rpcOp.maxFeePerGas) + 1n) }, /maxPriorityFeePerGas/],
      [{ ...rpcOp, preVerificationGas: '0x10' }, /preVerificationGas must be at least/],
      [{ ...rpcOp, verificationGasLimit: numberToHex(20_000_000n) }, /gas limits add up/],
    ]
    for (const [op, message] of cases) {
      const answer = await rpc('eth_sendUserOperation', [op, ENTRY_POINT_ADDRESS])
      expect(answer.error?.code, JSON.stringify(op)).toBe(-32602)
      expect(answer.error?.message).toMatch(message)
    }
    expect((await rpc('eth_sendUserOperation', ['not an object', ENTRY_POINT_ADDRESS])).error?.code).toBe(-32602)
    const wrongEntryPoint = await rpc('eth_sendUserOperation', [rpcOp, '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789'])
    expect(wrongEntryPoint.error?.code).toBe(-32602)
    expect(wrongEntryPoint.error?.message).toContain(ENTRY_POINT_ADDRESS)
  })

  it('refuses what the EntryPoint would reject (-32500, -32507) without sending anything', async () => {
    const nonceBefore = await client.getTransactionCount({ address: bundler.address })

    const unfunded = await signedOperation({ balance: 0n })
    const noFunds = await rpc('eth_sendUserOperation', [unfunded.rpcOp, ENTRY_POINT_ADDRESS])
    expect(noFunds.error?.code).toBe(-32500)
    expect(noFunds.error?.message).toMatch(/^AA21/)

    const { rpcOp, account } = await signedOperation()
    const stranger = privateKeyToAccount(generatePrivateKey())
    const forged = { ...rpcOp, signature: await stranger.signMessage({ message: { raw: ('0x' + '11'.repeat(32)) as Hex } }) }
    const badSignature = await rpc('eth_sendUserOperation', [forged, ENTRY_POINT_ADDRESS])
    expect(badSignature.error?.code).toBe(-32507)
    expect(badSignature.error?.message).toMatch(/^AA24 signature error/)

    const badNonce = await rpc('eth_sendUserOperation', [{ ...rpcOp, nonce: '0x5' }, ENTRY_POINT_ADDRESS])
    // The EntryPoint checks the nonce before it looks at what the account said of the signature.
    expect(badNonce.error?.code).toBe(-32500)
    expect(badNonce.error?.message).toMatch(/^AA25 invalid account nonce/)
    expect(await client.getTransactionCount({ address: bundler.address })).toBe(nonceBefore)

    // The genuine one goes through; sent again, it is refused.
    const sent = await rpc('eth_sendUserOperation', [rpcOp, ENTRY_POINT_ADDRESS])
    expect(sent.error).toBe(undefined)
    expect(await client.getTransactionCount({ address: bundler.address })).toBe(nonceBefore + 1)
    const again = await rpc('eth_sendUserOperation', [rpcOp, ENTRY_POINT_ADDRESS])
    expect(again.error?.code).toBe(-32602)
    expect(await client.getCode({ address: account.address })).not.toBe(undefined)
  })

  it('answers -32521 when an estimate finds the calls revert', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleAccount({ client, owner })
    await fund(account.address, parseEther('0.1'))
    const bundlerClient = createBundlerClient({ client, account, transport: http(bundler.url) })
    const error = await bundlerClient.estimateUserOperationGas({ calls: [{ to: owner.address, value: parseEther('1') }] }).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error?.message).toMatch(/execution reverted/)
    const answer = await rpc('eth_estimateUserOperationGas', [
      formatUserOperationRequest({
        sender: account.address,
        nonce: 0n,
        callData: await account.encodeCalls([{ to: owner.address, value: parseEther('1') }]),
        ...(await account.getFactoryArgs()),
      }),
      ENTRY_POINT_ADDRESS,
    ])
    expect(answer.error?.code).toBe(-32521)
  })

  it('takes the packed shape too, and finds operations on chain after a restart', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const { op } = await signedOperation({ to: recipient })
    const packed = toPackedUserOperation(op)
    const packedRpc = { ...packed, nonce: numberToHex(packed.nonce), preVerificationGas: numberToHex(packed.preVerificationGas) }
    const sent = await rpc('eth_sendUserOperation', [packedRpc, ENTRY_POINT_ADDRESS])
    const userOpHash = sent.result as Hex
    expect(userOpHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await client.getBalance({ address: recipient })).toBe(1n)

    // A new bundler knows nothing it sent: it reads the chain.
    const other = await startBundler({ rpcUrl: anvil.url })
    try {
      const receipt = (await rpc('eth_getUserOperationReceipt', [userOpHash], other.url)).result as {
        success: boolean
        sender: Address
        receipt: { transactionHash: Hex }
      }
      expect(receipt.success).toBe(true)
      expect(receipt.sender).toBe(op.sender)
      const byHash = (await rpc('eth_getUserOperationByHash', [userOpHash], other.url)).result as {
        transactionHash: Hex
        userOperation: Record<string, string>
      }
      expect(byHash.transactionHash).toBe(receipt.receipt.transactionHash)
      expect(byHash.userOperation).toEqual(formatUserOperationRequest(op))
    } finally {
      await other.stop()
    }
    const unknown = ('0x' + '42'.repeat(32)) as Hex
    expect((await rpc('eth_getUserOperationReceipt', [unknown])).result).toBe(null)
    expect((await rpc('eth_getUserOperationByHash', [unknown])).result).toBe(null)
  })

  it('answers CORS for loopback origins with the exact origin (never *), and refuses others', async () => {
    const preflight = await fetch(bundler.url, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    const answered = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }), { origin: 'http://127.0.0.1:4000' })
    expect(answered.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4000')

    const foreign = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }), { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBe(null)
    expect((await fetch(bundler.url)).status).toBe(405)

    const strict = await startBundler({ rpcUrl: anvil.url, allowedOrigins: ['https://app.example'] })
    try {
      const allowed = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }), { origin: 'https://app.example' }, strict.url)
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example')
      const loopback = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }), { origin: 'http://localhost:5173' }, strict.url)
      expect(loopback.status).toBe(403)
    } finally {
      await strict.stop()
    }
  })

  it('refuses to start on a chain without the EntryPoint', async () => {
    const bare = await startAnvil()
    try {
      await expect(startBundler({ rpcUrl: bare.url })).rejects.toThrow(/no EntryPoint/)
    } finally {
      await bare.stop()
    }
  })
})
