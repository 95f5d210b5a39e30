/**
 * The sample dApp's EVM side, as a site writes it: viem's wallet client over the provider Airlock
 * hands out (`airlock.getProvider('eip155')`), and a public client over the chain's own RPC for
 * reads (verifying a signature, waiting for a receipt).
 */
import { createPublicClient, createWalletClient, custom, http, type Chain, type EIP1193Provider } from 'viem'
import type { AirlockInstance, CaipNetwork, RootState } from 'airlock'
import { useAirlockState } from 'airlock/react'
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

/** Whether an EVM wallet is connected, and the CAIP-2 id of its network. */
export function useEvmConnection(): { readonly connected: boolean; readonly caipNetworkId: string | null } {
  const connected = useAirlockState((s: RootState) => s.connection.connectedNamespaces.includes(EVM))
  const caipNetworkId = useAirlockState((s: RootState) =>
    s.networks.activeNamespace === EVM ? s.networks.activeCaipNetworkId : s.networks.byNamespace[EVM].networkState.selectedCaipNetworkId,
  )
  return { connected, caipNetworkId }
}

/** The short words of an error (viem's and Airlock's `shortMessage`, else its message). */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'shortMessage' in error && typeof error.shortMessage === 'string') return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}
