/**
 * What the Account and Connect views show of the loaded plugins' contributions, derived here so
 * that the views only render (SPEC §9 "Wallet feature order" and "Support by namespace"). Every
 * selector is memoised on what it reads, so the same state gives the same reference.
 */
import type { RootState } from '../../kernel/registry'
import type { AccountActionSpec, AccountTabSpec } from '../../kernel/module'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { memoOn } from '../memo'
import { selectActiveAccount } from '../account/selectors'
import type { ModuleContribution } from './state'

/** An Account action or tab with the id of the plugin that brings it (whose strings hold its label). */
export type AccountAction = AccountActionSpec & { readonly moduleId: string }
export type AccountTab = AccountTabSpec & { readonly moduleId: string }

const supports = (namespace: ChainNamespace | null) => (entry: { readonly namespaces: readonly string[] }) =>
  namespace !== null && entry.namespaces.includes(namespace)

/**
 * The Account actions to show, in order: those whose id `walletFeaturesOrder` names first, in its
 * order (SPEC §9 default: onramp, swaps, receive, send), then the others in load order; only those
 * that support the active namespace (SPEC §9 "Support by namespace"), and those `unnamedOnly` only
 * while the active account has no name.
 *
 * ```ts
 * selectAccountActions(state).map((a) => a.id) // ['onramp', 'receive', 'send'] on eip155
 * ```
 */
export const selectAccountActions: (state: RootState) => readonly AccountAction[] = memoOn(
  (state: RootState) =>
    [
      state.contributions.modules,
      state.options.resolved?.walletFeaturesOrder,
      state.networks.activeNamespace,
      activeConnectorType(state),
      // A kernel without the account module (a plugin host in tests) has no names.
      'account' in state && Boolean(selectActiveAccount(state)?.profileName),
    ] as const,
  (modules, order, namespace, connectorType, named) => orderActions(modules, order ?? [], namespace, connectorType, named),
)

/** The type of the active namespace's connected connector (an action may be for one type only), or null. */
function activeConnectorType(state: RootState): string | null {
  const namespace = state.networks.activeNamespace
  const id = namespace === null ? null : state.connectors.activeConnectorIds[namespace]
  return id === null ? null : (state.connectors.allConnectors.find((c) => c.id === id)?.type ?? null)
}

/**
 * The ordering and filtering behind `selectAccountActions`, as a pure function.
 *
 * ```ts
 * orderActions(modules, ['send', 'receive'], 'eip155').map((a) => a.id) // ['send', 'receive', 'stats']
 * ```
 */
export function orderActions(
  modules: readonly ModuleContribution[],
  order: readonly string[],
  namespace: ChainNamespace | null,
  connectorType: string | null = null,
  named = false,
): readonly AccountAction[] {
  const actions = modules
    .flatMap((m) => m.accountActions.map((action) => ({ ...action, moduleId: m.id })))
    .filter(supports(namespace))
    .filter((action) => action.connectorTypes === undefined || (connectorType !== null && action.connectorTypes.includes(connectorType)))
    .filter((action) => !(action.unnamedOnly && named))
  const rank = (action: AccountAction) => {
    const index = order.indexOf(action.id)
    return index < 0 ? order.length : index
  }
  // Array.prototype.sort is stable: actions of equal rank keep their load order.
  return actions.sort((a, b) => rank(a) - rank(b))
}

/** SPEC §2's order of the Account tabs, by tab id; a tab not named here comes after them. */
export const ACCOUNT_TAB_ORDER: readonly string[] = ['tokens', 'nfts', 'activity']

/**
 * The Account tabs that support the active namespace: SPEC §2's (Tokens, NFTs, Activity) in that
 * order whichever plugin loaded first, then the others in load order.
 *
 * ```ts
 * selectAccountTabs(state).map((t) => t.id) // ['tokens', 'activity']
 * ```
 */
export const selectAccountTabs: (state: RootState) => readonly AccountTab[] = memoOn(
  (state: RootState) => [state.contributions.modules, state.networks.activeNamespace] as const,
  (modules, namespace) => {
    const tabs = modules.flatMap((m) => m.accountTabs.map((tab) => ({ ...tab, moduleId: m.id }))).filter(supports(namespace))
    const rank = (tab: AccountTab) => {
      const index = ACCOUNT_TAB_ORDER.indexOf(tab.id)
      return index < 0 ? ACCOUNT_TAB_ORDER.length : index
    }
    // Array.prototype.sort is stable: tabs of equal rank keep their load order.
    return tabs.sort((a, b) => rank(a) - rank(b))
  },
)
