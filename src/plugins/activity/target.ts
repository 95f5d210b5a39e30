/**
 * Whose history the Activity tab shows, read from the state: the active account on the active
 * network, while the tab is on screen (the modal open on Account, Activity the tab it shows: the
 * one chosen, else the first in SPEC §2's order, as the view picks it, not in load order) on a
 * namespace with activity (SPEC §9: eip155). SPEC §5: no address, no history.
 */
import type { ChainNamespace } from 'airlock/plugin'
import { type RootState, selectConnectedAccount, selectCurrentAccountTab, selectView } from 'airlock/plugin'

/** The namespaces whose activity the Blockchain API serves (SPEC §9 "Names and activity: eip155"). */
export const ACTIVITY_NAMESPACES: readonly ChainNamespace[] = ['eip155']

/**
 * The CAIP-10 account (`network:address`) whose history the tab shows, or null.
 *
 * ```ts
 * activityAccount(state) // 'eip155:31337:0xf39F…2266' while the tab is shown
 * ```
 */
export function activityAccount(state: RootState): string | null {
  const network = state.networks.activeCaipNetworkId
  const address = selectConnectedAccount(state, ACTIVITY_NAMESPACES)?.address
  return network && address ? `${network}:${address}` : null
}

/**
 * `activityAccount` while the Activity tab is on screen, else null.
 *
 * ```ts
 * shownActivityAccount(state) // null while the modal is closed or another tab is chosen
 * ```
 */
export function shownActivityAccount(state: RootState): string | null {
  if (!state.router.open || selectView(state) !== 'Account' || selectCurrentAccountTab(state)?.moduleId !== 'activity') return null
  return activityAccount(state)
}

/** The CAIP-2 network of a CAIP-10 account. `networkOf('eip155:1:0xab') // 'eip155:1'` */
export const networkOf = (account: string): string => account.slice(0, account.lastIndexOf(':'))
