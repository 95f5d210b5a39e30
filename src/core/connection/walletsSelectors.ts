/**
 * The wallets connected in the active namespace (issue 28 §2: several wallets at once), as the
 * Account view and `useConnections` show them. A file apart from the connection selectors: only
 * the modal's Account view and the React hook read it, so `airlock`'s first load (index.js) holds
 * none of it (issue 27 §1).
 */
import type { RootState } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { Connection } from './state'

const NO_CONNECTIONS: readonly Connection[] = Object.freeze([])

/** One wallet connected in the active namespace, as the Account view and `useConnections` show it. */
export interface ConnectedWallet {
  readonly namespace: ChainNamespace
  readonly connectorId: string
  /** The connector's name, or its id when the connector is no longer listed. */
  readonly name: string
  readonly icon: string | undefined
  /** The wallet's account: the active account for the active wallet, else the one it exposed last. */
  readonly address: string | null
  /** Whether it is the namespace's active wallet (the one requests go to). */
  readonly active: boolean
}

const NO_WALLETS: readonly ConnectedWallet[] = Object.freeze([])

let lastWallets: { inputs: readonly unknown[]; wallets: readonly ConnectedWallet[] } | undefined

/**
 * The wallets connected in the active namespace (issue 28 §2: several wallets at once, one
 * active), in the order they connected. The same inputs give the same list (a hook's selector).
 *
 * ```ts
 * selectConnectedWallets(state) // [{ connectorId: 'io.metamask', active: false, … }, { connectorId: 'io.rabby', active: true, … }]
 * ```
 */
export function selectConnectedWallets(state: RootState): readonly ConnectedWallet[] {
  const namespace = state.networks.activeNamespace
  if (namespace === null || !state.connection.connectedNamespaces.includes(namespace)) return NO_WALLETS
  const list = state.connection.connections[namespace] ?? NO_CONNECTIONS
  const activeId = state.connectors.activeConnectorIds[namespace]
  const activeAddress = state.account.accounts[namespace].address
  const all = state.connectors.allConnectors
  const inputs = [namespace, list, activeId, activeAddress, all]
  if (lastWallets && lastWallets.inputs.every((value, i) => value === inputs[i])) return lastWallets.wallets
  const wallets = list.map((connection): ConnectedWallet => {
    const connector = all.find((c) => c.id === connection.connectorId)
    const active = connection.connectorId === activeId
    return {
      namespace,
      connectorId: connection.connectorId,
      name: connector?.name ?? connection.connectorId,
      icon: connector?.imageUrl,
      address: active ? activeAddress : (connection.accounts[0]?.address ?? null),
      active,
    }
  })
  lastWallets = { inputs, wallets: wallets.length === 0 ? NO_WALLETS : wallets }
  return lastWallets.wallets
}
