/**
 * The frame's smart account: eth-infinitism's SimpleAccount v0.7 (ERC-4337, EntryPoint v0.7),
 * owned by the frame's EVM key and made by the SimpleAccountFactory at its canonical address, as
 * services/bundler/deploy.mjs puts it on the local chains and as it is on public ones. Built on
 * viem's `toSmartAccount`, so viem's bundler client prepares, estimates, sends and waits.
 *
 * Why these choices:
 * - One call is `execute(dest, value, func)`; several are `executeBatch(dest[], value[], func[])`
 *   (v0.7's signature), which runs them in one transaction and reverts them all if one reverts —
 *   the atomicity EIP-5792's `wallet_sendCalls` promises.
 * - SimpleAccount v0.7 checks `ECDSA.recover(toEthSignedMessageHash(userOpHash), signature)`
 *   against its owner, so a user operation is signed as an EIP-191 message of the raw hash.
 * - It has no ERC-1271 `isValidSignature`, so no signature can verify against the account's own
 *   address: `signMessage` and `signTypedData` are the owner's plain signatures (they verify
 *   against the owner's address), not wrapped in ERC-6492 as viem would for an undeployed account.
 * - Nonces use key 0 (one sequence, like SimpleAccount's own `getNonce()`): the frame sends one
 *   operation at a time, and this needs no chain object on the client.
 */
import { encodeFunctionData, decodeFunctionData, http, parseAbi } from 'viem'
import type { Address, Chain, Client, Hash, Hex, JsonRpcAccount, LocalAccount, Transport } from 'viem'
import { getChainId, getCode, readContract } from 'viem/actions'
import { createBundlerClient, entryPoint07Abi, entryPoint07Address, getUserOperationHash, toSmartAccount } from 'viem/account-abstraction'
import type { SmartAccount, SmartAccountImplementation } from 'viem/account-abstraction'

/** SimpleAccountFactory v0.7 (CREATE2 salt 0 through the deterministic deployer, EntryPoint v0.7 as its argument). */
export const SIMPLE_ACCOUNT_FACTORY_ADDRESS: Address = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'

/** A 65-byte signature ECDSA.recover accepts (low s, v 28) that no key made: what gas is estimated with. */
export const SIMPLE_ACCOUNT_STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

export const simpleAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address ret)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

export const simpleAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])

type AnyClient = Client<Transport, Chain | undefined, JsonRpcAccount | LocalAccount | undefined>

export interface SmartAccountCall {
  readonly to: Address
  readonly value?: bigint
  readonly data?: Hex
}

export interface ToSimpleAccountParameters {
  /** A client of the chain the account lives on (reads only). */
  readonly client: AnyClient
  /** The key that owns the account (the frame's EVM key). */
  readonly owner: LocalAccount
  readonly factoryAddress?: Address
  /** The factory's salt: one owner can own many accounts. Default 0. */
  readonly index?: bigint
}

export type SimpleAccount = SmartAccount<SmartAccountImplementation<typeof entryPoint07Abi, '0.7', object, false>>

const ZERO_KEY = 0n

/** The counterfactual address the factory gives `owner` (the same before and after deployment). */
export async function smartAccountAddress({
  client,
  owner,
  factoryAddress = SIMPLE_ACCOUNT_FACTORY_ADDRESS,
  index = 0n,
}: {
  readonly client: AnyClient
  readonly owner: Address | LocalAccount
  readonly factoryAddress?: Address
  readonly index?: bigint
}): Promise<Address> {
  const ownerAddress = typeof owner === 'string' ? owner : owner.address
  return readContract(client, { address: factoryAddress, abi: simpleAccountFactoryAbi, functionName: 'getAddress', args: [ownerAddress, index] })
}

/** Whether `address` has code (a smart account is deployed by its first user operation). */
export async function isDeployed({ client, address }: { readonly client: AnyClient; readonly address: Address }): Promise<boolean> {
  const code = await getCode(client, { address })
  return code !== undefined && code !== '0x'
}

/** A viem SmartAccount for SimpleAccount v0.7 owned by `owner`. */
export async function toSimpleAccount({
  client,
  owner,
  factoryAddress = SIMPLE_ACCOUNT_FACTORY_ADDRESS,
  index = 0n,
}: ToSimpleAccountParameters): Promise<SimpleAccount> {
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' } as const
  let chainId: number | undefined
  const chainIdOf = async () => (chainId ??= client.chain?.id ?? (await getChainId(client)))
  let address: Address | undefined

  const account = await toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
      address ??= await smartAccountAddress({ client, owner, factoryAddress, index })
      return address
    },
    async encodeCalls(calls) {
      const [only] = calls
      if (calls.length === 1 && only) {
        return encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [only.to, only.value ?? 0n, only.data ?? '0x'] })
      }
      return encodeFunctionData({
        abi: simpleAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => call.to), calls.map((call) => call.value ?? 0n), calls.map((call) => call.data ?? '0x')],
      })
    },
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: simpleAccountAbi, data })
      if (decoded.functionName === 'execute') {
        const [to, value, callData] = decoded.args
        return [{ to, value, data: callData }]
      }
      const [targets, values, datas] = decoded.args
      return targets.map((to, i) => ({ to, value: values[i] ?? 0n, data: datas[i] ?? '0x' }))
    },
    async getFactoryArgs() {
      return {
        factory: factoryAddress,
        factoryData: encodeFunctionData({ abi: simpleAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, index] }),
      }
    },
    async getStubSignature() {
      return SIMPLE_ACCOUNT_STUB_SIGNATURE
    },
    async signMessage({ message }) {
      return owner.signMessage({ message })
    },
    async signTypedData(typedData) {
      return owner.signTypedData(typedData as Parameters<LocalAccount['signTypedData']>[0])
    },
    async signUserOperation({ chainId: asked, ...userOperation }) {
      const sender = address ?? (await this.getAddress())
      const userOpHash = getUserOperationHash({
        chainId: asked ?? (await chainIdOf()),
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender },
      })
      return owner.signMessage({ message: { raw: userOpHash } })
    },
  })

  // toSmartAccount reads nonces under a time-based key needing `client.chain`, and wraps
  // signatures of an undeployed account in ERC-6492; neither fits this account (see the header).
  return {
    ...account,
    async getNonce(parameters?: { key?: bigint | undefined }) {
      return readContract(client, {
        address: entryPoint.address,
        abi: entryPoint.abi,
        functionName: 'getNonce',
        args: [account.address, parameters?.key ?? ZERO_KEY],
      })
    },
    signMessage: ({ message }) => owner.signMessage({ message }),
    signTypedData: (typedData) => owner.signTypedData(typedData as Parameters<LocalAccount['signTypedData']>[0]),
  }
}

export interface SendSmartAccountCallsParameters {
  readonly client: AnyClient
  readonly bundlerUrl: string
  readonly owner: LocalAccount
  readonly calls: readonly SmartAccountCall[]
  readonly factoryAddress?: Address
  readonly index?: bigint
  /** The fetch the bundler is reached with (the frame's). */
  readonly fetchFn?: typeof fetch
  /** How often the bundler is asked for the receipt; default 250 ms. */
  readonly pollingInterval?: number
}

export interface SendSmartAccountCallsResult {
  readonly userOpHash: Hash
  readonly transactionHash: Hash
  /** False when the calls reverted (they were included, paid for, and undone together). */
  readonly success: boolean
}

/**
 * Sends `calls` as ONE user operation (a batch executes atomically in it) through the bundler at
 * `bundlerUrl` and waits for its receipt. Gas fees come from the chain; the account pays its own
 * gas, so it must hold ether (its first operation also deploys it).
 */
export async function sendSmartAccountCalls({
  client,
  bundlerUrl,
  owner,
  calls,
  factoryAddress,
  index,
  fetchFn,
  pollingInterval = 250,
}: SendSmartAccountCallsParameters): Promise<SendSmartAccountCallsResult> {
  if (calls.length === 0) throw new Error('sendSmartAccountCalls: no calls to send')
  const account = await toSimpleAccount({ client, owner, factoryAddress, index })
  const bundler = createBundlerClient({ client, account, transport: http(bundlerUrl, fetchFn ? { fetchFn } : {}), pollingInterval })
  const userOpHash = await bundler.sendUserOperation({ calls: calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })) })
  const receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, pollingInterval })
  return { userOpHash, transactionHash: receipt.receipt.transactionHash, success: receipt.success }
}
