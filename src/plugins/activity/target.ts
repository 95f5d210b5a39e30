/**
 * Whose history the Activity tab shows, read from the state: the active account on the active
 * network, while the tab is on screen (the modal open on Account, the Activity tab chosen) on a
 * namespace with activity (SPEC §9: eip155). SPEC §5: no address, no history.
 */
import { type RootState, selectActiveAccount, selectView } from 'airlock/plugin'

/** The namespaces whose activity the Blockchain API serves (SPEC §9 "Names and activity: eip155"). */
export const ACTIVITY_NAMESPACES: readonly string[] = ['eip155']

/**
 * The CAIP-10 account (`network:address`) whose history the tab shows, or null.
 *
 * ```ts
 * activityAccount(state) // 'eip155:31337:0xf39F…2266' while the tab is shown
 * ```
 */
export function activityAccount(state: RootState): string | null {
  const namespace = state.networks.activeNamespace
  if (namespace === null || !ACTIVITY_NAMESPACES.includes(namespace) || !state.connection.connectedNamespaces.includes(namespace)) return null
  const network = state.networks.activeCaipNetworkId
  const address = selectActiveAccount(state)?.address
  if (!network || !address) return null
  return `${network}:${address}`
}

/**
 * Whether Account shows the Activity tab: the tab chosen on the active namespace while it is
 * offered there, else the first offered (the rule of `selectCurrentAccountTab`, read here without
 * it so the plugin's chunk does not pull the Account view's selectors apart into a chunk of their own).
 */
function activityTabChosen(state: RootState): boolean {
  const namespace = state.networks.activeNamespace
  if (namespace === null) return false
  const chosen = state.account.accounts[namespace].currentTab
  const offered = state.contributions.modules.flatMap((m) =>
    m.accountTabs.filter((tab) => tab.namespaces.includes(namespace)).map((tab) => [m.id, tab.id] as const),
  )
  const current = offered.find(([moduleId, id]) => moduleId === chosen?.moduleId && id === chosen.id) ?? offered[0]
  return current?.[0] === 'activity'
}

/**
 * `activityAccount` while the Activity tab is on screen, else null.
 *
 * ```ts
 * shownActivityAccount(state) // null while the modal is closed or another tab is chosen
 * ```
 */
export function shownActivityAccount(state: RootState): string | null {
  if (!state.router.open || selectView(state) !== 'Account' || !activityTabChosen(state)) return null
  return activityAccount(state)
}

/** The CAIP-2 network of a CAIP-10 account. `networkOf('eip155:1:0xab') // 'eip155:1'` */
export const networkOf = (account: string): string => account.slice(0, account.lastIndexOf(':'))
