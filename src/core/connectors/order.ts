/** The order of things in Connect (SPEC §4 connector order and connect-method order, §9). */
import type { ConnectMethod } from '../../events/shapes/features'
import type { ConnectorOrderEntry, ResolvedOptions } from '../../events/shapes/options'
import { DEFAULT_CONNECTOR_TYPE_ORDER } from '../options/defaults'

/** SPEC §4 / §9 connector type order: the same list the options default to. */
export const DEFAULT_CONNECTOR_ORDER: readonly ConnectorOrderEntry[] = DEFAULT_CONNECTOR_TYPE_ORDER

export interface ConnectorOrderInput {
  /** The site owner's `connectorTypeOrder`; its entries come first. */
  readonly configured?: readonly ConnectorOrderEntry[]
  /** The `enableWalletConnect` option. */
  readonly walletConnectEnabled: boolean
  /** Whether the visitor is already connected through WalletConnect (then it is not offered again). */
  readonly connectedThroughWalletConnect: boolean
  /**
   * How many connectors each group holds, when known: a group with none is left out. A group
   * missing from the record is kept.
   */
  readonly counts?: Readonly<Partial<Record<ConnectorOrderEntry, number>>>
}

/**
 * The order of connector groups in Connect (SPEC §4): by default walletConnect (if enabled and not
 * already connected through it), recent, injected, featured, custom, external, recommended. A
 * configured order overrides the default first: its entries come first, in its order and once
 * each, then the remaining groups in default order. Groups that are switched off or empty are left
 * out wherever they are named.
 *
 * ```ts
 * connectorOrder({ configured: ['featured'], walletConnectEnabled: true, connectedThroughWalletConnect: false })
 * // ['featured', 'walletConnect', 'recent', 'injected', 'custom', 'external', 'recommended']
 * ```
 */
export function connectorOrder(input: ConnectorOrderInput): ConnectorOrderEntry[] {
  const shown = (entry: ConnectorOrderEntry): boolean => {
    if (entry === 'walletConnect' && (!input.walletConnectEnabled || input.connectedThroughWalletConnect)) return false
    const count = input.counts?.[entry]
    return count === undefined || count > 0
  }
  const order: ConnectorOrderEntry[] = []
  for (const entry of [...(input.configured ?? []), ...DEFAULT_CONNECTOR_ORDER]) {
    if (DEFAULT_CONNECTOR_ORDER.includes(entry) && !order.includes(entry) && shown(entry)) order.push(entry)
  }
  return order
}

/** The default when injected or announced wallets are shown (SPEC §4). */
export const CONNECT_METHODS_WITH_WALLETS: readonly ConnectMethod[] = Object.freeze(['wallet', 'email', 'social'])
/** The default otherwise (the reading chosen below). */
export const CONNECT_METHODS_WITHOUT_WALLETS: readonly ConnectMethod[] = Object.freeze(['email', 'social', 'wallet'])

/**
 * The order of the connect methods (SPEC §4). A configured, non-empty `connectMethodsOrder` wins
 * (each method once). Otherwise it is wallet, email, social when injected or announced wallets are
 * shown, and email, social, wallet when none are.
 *
 * Reading chosen: SPEC §4 gives wallet, email, social as the default when injected or announced
 * wallets are shown, says "one reading gives the default as email, social, wallet" and leaves the
 * other case "not shown". We read the email-first order as the default for the case with no
 * injected or announced wallet: with nothing installed, putting a wallet list first offers the
 * visitor nothing they can use at once.
 *
 * ```ts
 * connectMethodsOrder({ connectMethodsOrder: null }, true) // ['wallet', 'email', 'social']
 * connectMethodsOrder({ connectMethodsOrder: null }, false) // ['email', 'social', 'wallet']
 * ```
 */
export function connectMethodsOrder(options: Pick<ResolvedOptions, 'connectMethodsOrder'>, hasInjectedOrAnnounced: boolean): ConnectMethod[] {
  const configured = options.connectMethodsOrder
  if (configured && configured.length > 0) return [...new Set(configured)]
  return [...(hasInjectedOrAnnounced ? CONNECT_METHODS_WITH_WALLETS : CONNECT_METHODS_WITHOUT_WALLETS)]
}
