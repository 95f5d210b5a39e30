/**
 * Airlock's EVM (eip155) connection as the wagmi connector sees it, read from the instance's state
 * tree: still being restored after a reload, connected (accounts and chain), or not connected. Only
 * types are imported from the rest of Airlock: `airlock/wagmi` adds no code of Airlock's own to a
 * page that already loads `airlock`, and nothing of wagmi to one that does not use it.
 */
import type { AirlockInstance } from '../ports/instance'
import type { RootState } from '../kernel/registry'
import type { ChainNamespace } from '../events/shapes/namespace'

/** The one namespace wagmi knows. */
export const EVM: ChainNamespace = 'eip155'

export interface EvmConnected {
  readonly status: 'connected'
  /** The active account first, then the wallet's other accounts. */
  readonly accounts: readonly string[]
  readonly chainId: number
}

export type EvmConnection = EvmConnected | { readonly status: 'restoring' } | { readonly status: 'disconnected' }

/** The chain id of a CAIP-2 or CAIP-10 id of the EVM namespace (`eip155:1`, `eip155:1:0xab…`). */
export function evmChainId(caipId: string | null | undefined): number | undefined {
  const reference = caipId?.split(':')[1]
  const id = reference === undefined ? Number.NaN : Number(reference)
  return Number.isSafeInteger(id) ? id : undefined
}

/**
 * The EVM connection in `state`. Connected once Airlock lists the namespace as connected with an
 * address; the chain is the one the account is on (its CAIP-10 id names it, also when the wallet
 * went to a chain the site did not configure).
 *
 * ```ts
 * evmConnection(airlock.getState()) // { status: 'connected', accounts: ['0xf39F…'], chainId: 31337 }
 * ```
 */
export function evmConnection(state: RootState): EvmConnection {
  const account = state.account.accounts[EVM]
  const { address } = account
  if (state.connection.connectedNamespaces.includes(EVM) && address !== null) {
    const chainId = evmChainId(account.caipAddress) ?? evmChainId(evmNetworkId(state)) ?? 0
    const others = account.allAccounts.map((entry) => entry.address).filter((other) => other.toLowerCase() !== address.toLowerCase())
    return { status: 'connected', accounts: [address, ...new Set(others)], chainId }
  }
  return state.connection.restoringNamespaces.includes(EVM) ? { status: 'restoring' } : { status: 'disconnected' }
}

/** The EVM network Airlock is on or was last on: the active one when it is EVM, else the namespace's selected one, else its first. */
export function evmNetworkId(state: RootState): string | undefined {
  if (state.networks.activeNamespace === EVM && state.networks.activeCaipNetworkId !== null) return state.networks.activeCaipNetworkId
  const record = state.networks.byNamespace[EVM]
  return record.networkState.selectedCaipNetworkId ?? record.networks[0]?.caipNetworkId
}

/** The first value `pick` gives, for the state now or a later one. */
export function firstState<T>(airlock: AirlockInstance, pick: (state: RootState) => T | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false
    // state$ gives the current state at once, before `subscribe` returns: `held` is unset then.
    const held: { subscription?: { unsubscribe(): void } } = {}
    held.subscription = airlock.state$.subscribe({
      next(state) {
        if (done) return
        const value = pick(state)
        if (value === undefined) return
        done = true
        resolve(value)
        held.subscription?.unsubscribe()
      },
      error: reject,
    })
    if (done) held.subscription.unsubscribe()
  })
}

/**
 * The EVM connection once Airlock's restore of it after a reload has ended: at once when nothing
 * is being restored. Airlock ends every restore itself (the wallet answers, or its check fails),
 * so wagmi's reconnect waits for the answer rather than taking "not yet" for "no".
 */
export function settledConnection(airlock: AirlockInstance): Promise<Exclude<EvmConnection, { status: 'restoring' }>> {
  return firstState(airlock, (state) => {
    const connection = evmConnection(state)
    return connection.status === 'restoring' ? undefined : connection
  })
}
