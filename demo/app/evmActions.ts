/**
 * The sample dApp's EVM actions, as a site writes them with viem: a wallet client over the
 * provider Airlock hands out (`airlock.getProvider('eip155')`), and a public client over the
 * chain's own RPC for reads (verifying a signature, waiting for a receipt). Loaded when the
 * visitor first acts (./evm `loadEvmActions`), so viem is not in the page's first load.
 */
import { createPublicClient, createWalletClient, custom, http, parseEther, type Address, type Chain, type EIP1193Provider, type Hash } from 'viem'
import type { AirlockInstance, CaipNetwork } from 'airlock'
import { strings } from '../strings'

const EVM = 'eip155'

/** An Airlock network as viem's chain. */
export function viemChain(network: CaipNetwork): Chain {
  return {
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    ...(network.blockExplorers && { blockExplorers: network.blockExplorers }),
  }
}

/**
 * viem's clients on the connected EVM wallet's current chain (one of the site's `networks`).
 * Throws when no EVM wallet is connected, or it is on a chain the site did not configure.
 */
export async function evmClients(airlock: AirlockInstance, networks: readonly CaipNetwork[]) {
  const provider = airlock.getProvider(EVM)
  if (!provider) throw new Error(strings.needsEvm)
  const transport = custom(provider as EIP1193Provider)
  const chainId = await createWalletClient({ transport }).getChainId()
  const network = networks.find((n) => Number(n.id) === chainId)
  if (!network) throw new Error(strings.unknownChain(chainId))
  const chain = viemChain(network)
  const wallet = createWalletClient({ chain, transport })
  const [account] = await wallet.getAddresses()
  if (!account) throw new Error(strings.noAccount)
  const client = createPublicClient({ chain, transport: http(network.rpcUrls.default.http[0]) })
  return { wallet, client, account, chain }
}

/** Sign `message` with the connected wallet, and verify the signature against its account. */
export async function signAndVerify(airlock: AirlockInstance, networks: readonly CaipNetwork[], message: string) {
  const { wallet, client, account } = await evmClients(airlock, networks)
  const signature = await wallet.signMessage({ account, message })
  const valid = await client.verifyMessage({ address: account, message, signature })
  return { account, signature, valid }
}

/**
 * Send `amount` of the native currency to `to`; `sent` hears the hash before the receipt comes.
 * Once the chain has it, Airlock is told (`transactionSettled`): the modal's balances and activity
 * for that chain are read again.
 */
export async function sendAndWait(airlock: AirlockInstance, networks: readonly CaipNetwork[], to: Address, amount: string, sent: (hash: Hash) => void) {
  const { wallet, client, account, chain } = await evmClients(airlock, networks)
  const hash = await wallet.sendTransaction({ account, chain, to, value: parseEther(amount) })
  sent(hash)
  const receipt = await client.waitForTransactionReceipt({ hash })
  airlock.transactionSettled({ namespace: EVM, chainId: String(chain.id), hash })
  return { hash, receipt }
}

/** EIP-1193's "unrecognized chain" code, anywhere in viem's error chain. */
const isUnknownChain = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = 'cause' in e ? e.cause : undefined) {
    if ('code' in e && e.code === 4902) return true
  }
  return false
}

/** Ask the wallet to switch to `network`, adding it first when the wallet does not know it (4902). */
export async function switchWallet(airlock: AirlockInstance, networks: readonly CaipNetwork[], network: CaipNetwork) {
  const { wallet } = await evmClients(airlock, networks)
  const chain = viemChain(network)
  try {
    await wallet.switchChain({ id: chain.id })
  } catch (error) {
    if (!isUnknownChain(error)) throw error
    await wallet.addChain({ chain })
    await wallet.switchChain({ id: chain.id })
  }
}
