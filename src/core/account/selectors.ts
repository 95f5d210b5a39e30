/**
 * Selectors over the account slice. Each returns a value held in state, so the same state gives
 * the same reference; per-namespace selectors are created once per namespace and can be passed
 * inline to a hook.
 */
import type { RootState } from '../../kernel/registry'
import type { AccountType, ChainNamespace } from '../../events/shapes/namespace'
import type { AccountState } from './state'

function perNamespace<T>(make: (namespace: ChainNamespace) => (state: RootState) => T): (namespace: ChainNamespace) => (state: RootState) => T {
  const cache = new Map<ChainNamespace, (state: RootState) => T>()
  return (namespace) => {
    let selector = cache.get(namespace)
    if (!selector) {
      selector = make(namespace)
      cache.set(namespace, selector)
    }
    return selector
  }
}

/**
 * The account record of a namespace.
 *
 * ```ts
 * selectAccount('eip155')(state).address // '0xab…'
 * ```
 */
export const selectAccount = perNamespace(
  (namespace) =>
    (state: RootState): AccountState =>
      state.account.accounts[namespace],
)

/**
 * The CAIP-10 address of a namespace's account, or null.
 *
 * ```ts
 * selectCaipAddress('eip155')(state) // 'eip155:1:0xab…'
 * ```
 */
export const selectCaipAddress = perNamespace(
  (namespace) =>
    (state: RootState): string | null =>
      state.account.accounts[namespace].caipAddress,
)

/**
 * The preferred account type of a namespace: the visitor's choice, else the site's default
 * (SPEC §9), else undefined.
 *
 * ```ts
 * selectPreferredAccountType('eip155')(state) // 'smartAccount'
 * ```
 */
export const selectPreferredAccountType = perNamespace(
  (namespace) =>
    (state: RootState): AccountType | undefined =>
      state.account.preferredAccountTypes[namespace] ?? state.account.defaultAccountTypes[namespace],
)

/** The namespace of the active network, or null. `selectActiveNamespace(state) // 'solana'` */
export function selectActiveNamespace(state: RootState): ChainNamespace | null {
  return state.account.activeNamespace
}

/** The account record of the active namespace, or null. `selectActiveAccount(state)?.balance` */
export function selectActiveAccount(state: RootState): AccountState | null {
  const namespace = state.account.activeNamespace
  return namespace === null ? null : state.account.accounts[namespace]
}

/** The address on the active namespace, or null. `selectActiveAddress(state) // '0xab…'` */
export function selectActiveAddress(state: RootState): string | null {
  return selectActiveAccount(state)?.address ?? null
}

/** The CAIP-10 address on the active namespace, or null. `selectActiveCaipAddress(state)` */
export function selectActiveCaipAddress(state: RootState): string | null {
  return selectActiveAccount(state)?.caipAddress ?? null
}

/** Whether a preferred account type change is under way (SPEC §4 step 1). `selectAccountTypeLoading(state)` */
export function selectAccountTypeLoading(state: RootState): boolean {
  return state.account.pendingAccountType !== null
}

/** SPEC §3/§5: balances without the decimals-0 items (see tokenBalance.ts), for the views that list them. */
export { withoutZeroDecimals } from './tokenBalance'
