/**
 * Account commands: validate, then return the event to dispatch. They throw the SPEC §8 messages
 * when no chain is given (SPEC §5: "Setting or resetting account data needs a chain").
 */
import { CHAIN_REQUIRED_TO_SET, CHAIN_REQUIRED_TO_UPDATE, ChainRequiredError } from '../../kernel/errors/account'
import { createEvent } from '../../kernel/registry'
import type { AccountFields, AccountReset, AccountSet, SetPreferredAccountType } from '../../events/account'
import { ChainNamespace, type AccountType } from '../../events/shapes/namespace'

export { CHAIN_REQUIRED_TO_SET, CHAIN_REQUIRED_TO_UPDATE }

/** The namespace, or the SPEC §8 error: a missing or unknown namespace is no chain. */
function requireChain(namespace: string | undefined, message: typeof CHAIN_REQUIRED_TO_SET | typeof CHAIN_REQUIRED_TO_UPDATE): ChainNamespace {
  if (namespace !== undefined && ChainNamespace.is(namespace)) return namespace
  throw new ChainRequiredError(message, {
    details: namespace === undefined ? 'No chain namespace was given' : `Unknown chain namespace "${namespace}"`,
  })
}

/**
 * Set account fields of one namespace. Throws "Chain is required to set account prop" without one.
 *
 * ```ts
 * dispatch(setAccountProp('eip155', { profileName: 'ada.eth' }))
 * ```
 */
export function setAccountProp(namespace: ChainNamespace | undefined, fields: AccountFields): AccountSet {
  return createEvent('ACCOUNT_SET', { namespace: requireChain(namespace, CHAIN_REQUIRED_TO_SET), fields })
}

/**
 * Update a namespace's account data after a chain event (address, balance, …). Throws "Chain is
 * required to update chain account data" without one.
 *
 * ```ts
 * dispatch(updateChainAccountData('solana', { address, caipAddress }))
 * ```
 */
export function updateChainAccountData(namespace: ChainNamespace | undefined, fields: AccountFields): AccountSet {
  return createEvent('ACCOUNT_SET', { namespace: requireChain(namespace, CHAIN_REQUIRED_TO_UPDATE), fields })
}

/**
 * Reset a namespace's account to its initial fields. Throws "Chain is required to set account
 * prop" without one (the message the reset shares with setting a prop).
 *
 * ```ts
 * dispatch(resetAccount('eip155'))
 * ```
 */
export function resetAccount(namespace: ChainNamespace | undefined): AccountReset {
  return createEvent('ACCOUNT_RESET', { namespace: requireChain(namespace, CHAIN_REQUIRED_TO_SET) })
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
