/**
 * Selectors over the connectors slice. Each returns a value held in state (or a shared constant),
 * so the same state gives the same reference.
 */
import type { RootState } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { MergedConnector } from './state'

/** What Connect lists, merged. `selectConnectors(state).map((c) => c.name)` */
export function selectConnectors(state: RootState): readonly MergedConnector[] {
  return state.connectors.connectors
}

/** Every known connector, unmerged. `selectAllConnectors(state).length` */
export function selectAllConnectors(state: RootState): readonly Connector[] {
  return state.connectors.allConnectors
}

/** The connector last made active. `selectActiveConnector(state)?.name` */
export function selectActiveConnector(state: RootState): Connector | null {
  return state.connectors.activeConnector
}

/** Whether a namespace's connectors are shown. `selectNamespaceFilter(state).solana // true` */
export function selectNamespaceFilter(state: RootState): Readonly<Record<ChainNamespace, boolean>> {
  return state.connectors.filterByNamespace
}

const idSelectors = new Map<ChainNamespace, (state: RootState) => string | null>()
const connectorSelectors = new Map<ChainNamespace, (state: RootState) => Connector | null>()

/**
 * The connected connector id of a namespace, or null. Created once per namespace.
 *
 * ```ts
 * selectActiveConnectorId('eip155')(state) // 'io.metamask'
 * ```
 */
export function selectActiveConnectorId(namespace: ChainNamespace): (state: RootState) => string | null {
  let selector = idSelectors.get(namespace)
  if (!selector) {
    selector = (state) => state.connectors.activeConnectorIds[namespace]
    idSelectors.set(namespace, selector)
  }
  return selector
}

/**
 * The connected connector of a namespace, found among the known connectors by its id (null while
 * it has not been announced yet). Created once per namespace.
 *
 * ```ts
 * selectConnectorOf('solana')(state)?.name // 'Phantom'
 * ```
 */
export function selectConnectorOf(namespace: ChainNamespace): (state: RootState) => Connector | null {
  let selector = connectorSelectors.get(namespace)
  if (!selector) {
    selector = (state) => {
      const id = state.connectors.activeConnectorIds[namespace]
      if (id === null) return null
      return state.connectors.allConnectors.find((c) => c.id === id && c.chain === namespace) ?? null
    }
    connectorSelectors.set(namespace, selector)
  }
  return selector
}

/**
 * Find a known connector by id, on a namespace if given.
 *
 * ```ts
 * selectConnectorById(state, 'walletConnect')?.type // 'WALLET_CONNECT'
 * ```
 */
export function selectConnectorById(state: RootState, id: string, namespace?: ChainNamespace): Connector | null {
  return state.connectors.allConnectors.find((c) => c.id === id && (namespace === undefined || c.chain === namespace)) ?? null
}
