/**
 * What Receive shows, derived from the core's state: the active address and network, the networks
 * of the active namespace (an address of a namespace receives on each of them), and the tokens the
 * site configured for those networks (`tokens` option, SPEC §3).
 */
import { selectConnectedAccount, selectActiveNetwork, selectNetworks, type RootState, type CaipNetwork } from 'airlock/plugin'

export interface ReceiveToken {
  readonly network: CaipNetwork
  readonly address: string
}

export interface ReceiveTarget {
  readonly address: string
  readonly network: CaipNetwork
  readonly networks: readonly CaipNetwork[]
  readonly tokens: readonly ReceiveToken[]
}

let last: { readonly key: readonly unknown[]; readonly value: ReceiveTarget | null } | undefined

/**
 * The receive target, or null when no account is connected in the active namespace. The same
 * state gives the same object (for useSyncExternalStore).
 *
 * ```ts
 * selectReceiveTarget(state)?.address // '0xf39F…'
 * ```
 */
export function selectReceiveTarget(state: RootState): ReceiveTarget | null {
  const address = selectConnectedAccount(state)?.address ?? null
  const network = selectActiveNetwork(state)
  const namespace = state.networks.activeNamespace
  const networks = namespace === null ? [] : selectNetworks(namespace)(state)
  const configured = state.options.resolved?.tokens
  const key = [address, network, networks, configured]
  if (last && last.key.every((part, i) => part === key[i])) return last.value
  const value: ReceiveTarget | null =
    address && network
      ? {
          address,
          network,
          networks,
          tokens: networks.flatMap((n) => {
            const token = configured?.[n.caipNetworkId]
            return token ? [{ network: n, address: token.address }] : []
          }),
        }
      : null
  last = { key, value }
  return value
}
