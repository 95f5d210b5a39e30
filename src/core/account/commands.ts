/**
 * Account commands: validate, then return the events to dispatch. The chain-data ones throw the
 * SPEC §8 messages when no chain is given (SPEC §5: "Setting or resetting account data needs a
 * chain"; resetting is CONNECTION_RESET, whose namespace is typed, or null for all).
 */
import { CHAIN_REQUIRED_TO_SET, CHAIN_REQUIRED_TO_UPDATE, ChainRequiredError } from '../../kernel/errors/account'
import { createEvent, type RootState } from '../../kernel/registry'
import type { AccountsChanged, AccountTabRef, AccountTabSelected, SetPreferredAccountType } from '../../events/account'
import { sameTab } from './accountTab'
import { ChainNamespace, WALLET_ACCOUNT_TYPE, type AccountType } from '../../events/shapes/namespace'

export { CHAIN_REQUIRED_TO_SET, CHAIN_REQUIRED_TO_UPDATE }

/** The namespace, or the SPEC §8 error: a missing or unknown namespace is no chain. */
function requireChain(namespace: string | undefined, message: typeof CHAIN_REQUIRED_TO_SET | typeof CHAIN_REQUIRED_TO_UPDATE): ChainNamespace {
  if (namespace !== undefined && ChainNamespace.is(namespace)) return namespace
  throw new ChainRequiredError(message, {
    details: namespace === undefined ? 'No chain namespace was given' : `Unknown chain namespace "${namespace}"`,
  })
}

/**
 * A wallet's new account list on `caipNetworkId`, the first one active (SPEC §4 "Switch account").
 * Throws "Chain is required to update chain account data" without a namespace.
 *
 * ```ts
 * dispatch(updateChainAccountData('solana', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', ['So1']))
 * ```
 */
export function updateChainAccountData(
  namespace: ChainNamespace | undefined,
  caipNetworkId: string,
  addresses: readonly string[],
  types: readonly AccountType[] = [],
): AccountsChanged {
  const chain = requireChain(namespace, CHAIN_REQUIRED_TO_UPDATE)
  const address = addresses[0] ?? null
  return createEvent('ACCOUNTS_CHANGED', {
    namespace: chain,
    address,
    caipAddress: address === null ? null : `${caipNetworkId}:${address}`,
    allAccounts: addresses.map((a, i) => ({ address: a, type: types[i] ?? WALLET_ACCOUNT_TYPE[chain] })),
  })
}

/**
 * The public event that finishes a preferred account type change (SPEC §4 step 5), with the
 * active network id (null when none). Throws "Chain is required to set account prop" without a
 * namespace: the type is an account prop.
 *
 * ```ts
 * dispatch(setPreferredAccountType('eip155', 'smartAccount', 'eip155:1'))
 * ```
 */
export function setPreferredAccountType(namespace: ChainNamespace | undefined, accountType: AccountType, network: string | null): SetPreferredAccountType {
  return createEvent('SET_PREFERRED_ACCOUNT_TYPE', {
    namespace: requireChain(namespace, CHAIN_REQUIRED_TO_SET),
    accountType,
    network,
  })
}

/**
 * The visitor chose an Account tab: ACCOUNT_TAB_SELECTED on the active namespace; nothing when it
 * is the tab already chosen there or when no namespace is active. Whether the namespace offers the
 * tab is `selectCurrentAccountTab`'s question (it falls back to the first tab offered), so this
 * command does not read the plugins' tabs, which stay out of the first load.
 *
 * ```ts
 * kernel.dispatch((state) => chooseAccountTab(state, { moduleId: 'activity', id: 'activity' }))
 * ```
 */
export function chooseAccountTab(state: RootState, tab: AccountTabRef): AccountTabSelected[] {
  const namespace = state.networks.activeNamespace
  if (namespace === null || sameTab(state.account.accounts[namespace].currentTab, tab)) return []
  return [createEvent('ACCOUNT_TAB_SELECTED', { namespace, tab: { moduleId: tab.moduleId, id: tab.id } })]
}
