/**
 * Selectors of the Account tabs (SPEC §2 Account tabs, §3 currentTab). Apart from selectors.ts:
 * they read the plugins' tabs (src/core/contributions), which only the Account view needs, so
 * those stay out of the first load with it.
 */
import type { RootState } from '../../kernel/registry'
import { selectAccountTabs, type AccountTab } from '../contributions/selectors'
import { sameTab } from './accountTab'

/**
 * The Account tab to show: the one the visitor chose on the active namespace while that namespace
 * offers it, else the first tab offered (SPEC §3 `currentTab (0)`), null when no loaded plugin
 * brings a tab for the namespace. The namespace is the networks' one, whose tabs
 * `selectAccountTabs` lists; the result is one of that list's entries, so the same state gives
 * the same reference.
 *
 * ```ts
 * selectCurrentAccountTab(state)?.id // 'activity' after the visitor chose Activity
 * ```
 */
export function selectCurrentAccountTab(state: RootState): AccountTab | null {
  const tabs = selectAccountTabs(state)
  const namespace = state.networks.activeNamespace
  const chosen = namespace === null ? null : state.account.accounts[namespace].currentTab
  return tabs.find((tab) => sameTab(tab, chosen)) ?? tabs[0] ?? null
}
