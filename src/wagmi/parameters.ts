/**
 * `wagmiParameters(airlock)`: the parameters of wagmi's `createConfig` for a site whose modal is
 * Airlock. Two things make it more than a shorthand:
 * - wagmi's chains must be the networks Airlock switches between: a `switchChain` to a chain
 *   Airlock does not have fails ("Network not found"), and a chain Airlock has but wagmi lacks is
 *   one wagmi cannot name. Here both come from the one list given to `createAirlock`.
 * - wagmi's own EIP-6963 discovery must be off. With it on, wagmi makes a connector of every
 *   announced wallet, and after a reload reconnects each one the visitor once allowed beside
 *   Airlock's: the page then holds two connections to one wallet, and wagmi may make the wrong one
 *   current. Airlock discovers the wallets and lists them in its modal.
 *
 * It returns plain values (viem chains, viem `http` transports and the connector), so it needs no
 * import of wagmi and works with wagmi 2 and 3 alike.
 */
import type { CreateConnectorFn, Transport } from '@wagmi/core'
import { BaseError, http, type Chain } from 'viem'
import type { AirlockInstance } from '../ports/instance'
import type { CaipNetwork } from '../events/shapes/network'
import { airlockConnector, type AirlockConnectorOptions, type AirlockConnectorProperties } from './connector'
import { EVM, evmChainId } from './evmConnection'
import type { AirlockEip1193Provider } from './provider'

export interface WagmiParameters {
  /** Airlock's EVM networks, in its order, as viem chains. */
  readonly chains: readonly [Chain, ...Chain[]]
  /** The Airlock connector, alone. */
  readonly connectors: readonly [CreateConnectorFn<AirlockEip1193Provider, AirlockConnectorProperties>]
  /** An `http` transport per chain, on the network's first RPC URL. */
  readonly transports: Record<number, Transport>
  /** Airlock discovers the wallets; wagmi's own discovery would connect them a second time. */
  readonly multiInjectedProviderDiscovery: false
}

/** An Airlock network as the viem chain wagmi takes (the same fields, the id a number). */
function toChain(network: CaipNetwork, id: number): Chain {
  return {
    id,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls.default.http } },
    ...(network.blockExplorers && { blockExplorers: network.blockExplorers }),
    ...(network.testnet !== undefined && { testnet: network.testnet }),
  }
}

/**
 * The parameters of wagmi's `createConfig`: the chains of Airlock's EVM networks, a transport for
 * each, the Airlock connector, and wagmi's own wallet discovery off. Spread it to add more
 * (`ssr`, `storage`, another transport). Throws when Airlock has no EVM network.
 *
 * ```ts
 * const airlock = createAirlock({ projectId, networks: [ethereum, polygon] })
 * const config = createConfig(wagmiParameters(airlock))
 * // or: createConfig({ ...wagmiParameters(airlock), ssr: true })
 * ```
 */
export function wagmiParameters(airlock: AirlockInstance, options: AirlockConnectorOptions = {}): WagmiParameters {
  const chains = airlock.getState().networks.byNamespace[EVM].networks.flatMap((network) => {
    const id = evmChainId(network.caipNetworkId)
    return id === undefined ? [] : [toChain(network, id)]
  })
  const [first, ...rest] = chains
  if (!first) throw new BaseError('Airlock has no EVM network: pass at least one eip155 network to createAirlock.')
  return {
    chains: [first, ...rest],
    connectors: [airlockConnector(airlock, options)],
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
    multiInjectedProviderDiscovery: false,
  }
}
