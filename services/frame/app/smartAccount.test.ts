import {
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  isAddressEqual,
  http,
  parseAbi,
  parseEther,
  parseEventLogs,
  verifyMessage,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNT, startAnvil, type Anvil } from '../../chain/anvil.mjs'
import { deployAccountAbstraction } from '../../bundler/deploy.mjs'
import { startBundler, type Bundler } from '../../bundler/server.mjs'
import { isDeployed, sendSmartAccountCalls, smartAccountAddress, toSimpleAccount, SIMPLE_ACCOUNT_FACTORY_ADDRESS } from './smartAccount'
import { idleMs } from '../../../tests/support/until'

let anvil: Anvil
let bundler: Bundler
let client: PublicClient

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

async function fund(address: Address, value: bigint) {
  const wallet = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNT.privateKey), transport: http(anvil.url) })
  const hash = await wallet.sendTransaction({ to: address, value, chain: null })
  await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}

async function bundlerRpc(method: string, params: unknown[]) {
  const response = await fetch(bundler.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are what is checked
  return (await response.json()) as { result?: any; error?: { code: number; message: string } }
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

describe('SimpleAccount v0.7', () => {
  it("takes the factory's counterfactual address, per owner and index", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const factoryAbi = parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)'])
    const expected = await client.readContract({
      address: SIMPLE_ACCOUNT_FACTORY_ADDRESS,
      abi: factoryAbi,
      functionName: 'getAddress',
      args: [owner.address, 0n],
    })
    const account = await toSimpleAccount({ client, owner })
    expect(account.address).toBe(expected)
    expect(await smartAccountAddress({ client, owner })).toBe(expected)
    const second = await toSimpleAccount({ client, owner, index: 1n })
    expect(second.address).not.toBe(expected)
    expect(await isDeployed({ client, address: expected })).toBe(false)
    const factoryArgs = await account.getFactoryArgs()
    expect(factoryArgs.factory).toBe(SIMPLE_ACCOUNT_FACTORY_ADDRESS)
  })

  it('signs messages with the owner (no ERC-1271 on v0.7), so they verify against the owner', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleAccount({ client, owner })
    const signature = await account.signMessage({ message: 'hello' })
    expect(signature).toHaveLength(132)
    expect(await verifyMessage({ address: owner.address, message: 'hello', signature })).toBe(true)
  })

  it('sends two transfers as ONE user operation in ONE handleOps transaction, deploying the account', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const address = await smartAccountAddress({ client, owner })
    await fund(address, parseEther('1'))
    const [first, second] = [freshAddress(), freshAddress()]
    expect(await isDeployed({ client, address })).toBe(false)

    const result = await sendSmartAccountCalls({
      client,
      bundlerUrl: bundler.url,
      owner,
      calls: [
        { to: first, value: parseEther('0.01') },
        { to: second, value: parseEther('0.02') },
      ],
      pollingInterval: 50,
    })

    expect(result.success).toBe(true)
    expect(await client.getBalance({ address: first })).toBe(parseEther('0.01'))
    expect(await client.getBalance({ address: second })).toBe(parseEther('0.02'))
    expect(await isDeployed({ client, address })).toBe(true)

    // One transaction, to the EntryPoint, calling handleOps with exactly one operation.
    const transaction = await client.getTransaction({ hash: result.transactionHash })
    expect(isAddressEqual(transaction.to!, entryPoint07Address)).toBe(true)
    expect(isAddressEqual(transaction.from, bundler.address)).toBe(true)
    const handleOps = decodeFunctionData({ abi: entryPoint07Abi, data: transaction.input })
    expect(handleOps.functionName).toBe('handleOps')
    expect((handleOps.args as readonly [readonly unknown[], Address])[0]).toHaveLength(1)
    const receipt = await client.getTransactionReceipt({ hash: result.transactionHash })
    const events = parseEventLogs({ abi: entryPoint07Abi, logs: receipt.logs, eventName: 'UserOperationEvent' })
    expect(events).toHaveLength(1)
    expect(events[0]?.args.userOpHash).toBe(result.userOpHash)
    expect(events[0]?.args.sender).toBe(address)

    // The bundler's receipt names that transaction and says success.
    const { result: opReceipt } = await bundlerRpc('eth_getUserOperationReceipt', [result.userOpHash])
    expect(opReceipt.success).toBe(true)
    expect(opReceipt.userOpHash).toBe(result.userOpHash)
    expect(opReceipt.sender).toBe(address)
    expect(opReceipt.receipt.transactionHash).toBe(result.transactionHash)
    expect(BigInt(opReceipt.actualGasCost)).toBeGreaterThan(0n)
    const { result: byHash } = await bundlerRpc('eth_getUserOperationByHash', [result.userOpHash])
    expect(byHash.transactionHash).toBe(result.transactionHash)
    expect(byHash.userOperation.sender).toBe(address)

    // A second operation from the deployed account carries no factory and uses the next nonce.
    const third = freshAddress()
    const again = await sendSmartAccountCalls({ client, bundlerUrl: bundler.url, owner, calls: [{ to: third, value: 1n }], pollingInterval: 50 })
    expect(again.success).toBe(true)
    expect(again.transactionHash).not.toBe(result.transactionHash)
    expect(await client.getBalance({ address: third })).toBe(1n)
  })

  it('reports a batch that reverts as failed, undoes all of it, and the bundler keeps working', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const address = await smartAccountAddress({ client, owner })
    await fund(address, parseEther('1'))
    const recipient = freshAddress()
    // The second call sends more than the account holds: executeBatch reverts, with the first transfer.
    const calls = [
      { to: recipient, value: parseEther('0.1') },
      { to: freshAddress(), value: parseEther('5') },
    ]
    // The estimate refuses it (its calls revert): -32521, execution reverted.
    await expect(sendSmartAccountCalls({ client, bundlerUrl: bundler.url, owner, calls, pollingInterval: 50 })).rejects.toThrow(/execution reverted/i)

    // Sent anyway with its own gas limits, it is included and reported as failed.
    const account = await toSimpleAccount({ client, owner })
    const { createBundlerClient } = await import('viem/account-abstraction')
    const bundlerClient = createBundlerClient({ client, account, transport: http(bundler.url), pollingInterval: 50 })
    const userOpHash: Hash = await bundlerClient.sendUserOperation({
      calls,
      callGasLimit: 200_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 100_000n,
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash: userOpHash, pollingInterval: 50 })
    expect(receipt.success).toBe(false)
    expect(receipt.receipt.status).toBe('success')
    expect(await client.getBalance({ address: recipient })).toBe(0n)
    // The account was deployed and paid for the gas all the same.
    expect(await isDeployed({ client, address })).toBe(true)
    expect(await client.getBalance({ address })).toBeLessThan(parseEther('1'))

    const after = freshAddress()
    const ok = await sendSmartAccountCalls({ client, bundlerUrl: bundler.url, owner, calls: [{ to: after, value: 7n }], pollingInterval: 50 })
    expect(ok.success).toBe(true)
    expect(await client.getBalance({ address: after })).toBe(7n)
  })

  it('runs contract calls: data reaches the target', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const address = await smartAccountAddress({ client, owner })
    await fund(address, parseEther('1'))
    // EntryPoint.depositTo(account): a payable call with data; the deposit shows in balanceOf.
    const data = encodeFunctionData({ abi: entryPoint07Abi, functionName: 'depositTo', args: [address] })
    const result = await sendSmartAccountCalls({
      client,
      bundlerUrl: bundler.url,
      owner,
      calls: [{ to: entryPoint07Address, value: 12345n, data }],
      pollingInterval: 50,
    })
    expect(result.success).toBe(true)
    const deposit = await client.readContract({ address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'balanceOf', args: [address] })
    expect(deposit).toBeGreaterThanOrEqual(12345n)
    // The bundler's receipt holds the operation's own logs: the Deposited of the call, not the prefund's.
    const { result: opReceipt } = await bundlerRpc('eth_getUserOperationReceipt', [result.userOpHash])
    const logs = parseEventLogs({ abi: entryPoint07Abi, logs: opReceipt.logs, eventName: 'Deposited' })
    expect(logs).toHaveLength(1)
    expect(opReceipt.logs).toHaveLength(1)
  })
})
