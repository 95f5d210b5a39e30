/** The account reducer (SPEC §3 account state, §4 reset and preferred account type). */
import { castDraft, type Draft } from 'immer'
import type { AirlockEvent } from '../../kernel/registry'
import type { AccountFields } from '../../events/account'
import { CHAIN_NAMESPACES, chainNamespaceOf, type ChainNamespace } from '../../events/shapes/namespace'
import { initialAccountState, type AccountSliceState, type AccountState } from './state'
import { withoutZeroDecimals } from './tokenBalance'

type AccountDraft = Draft<AccountSliceState>

/** SPEC §4: a failed preferred account type change falls back to EOA. */
export const FALLBACK_ACCOUNT_TYPE = 'eoa'

/** Put back the initial record of a namespace (every namespace for null). */
function resetAccounts(draft: AccountDraft, namespace: ChainNamespace | null): void {
  for (const ns of namespace === null ? CHAIN_NAMESPACES : [namespace]) {
    // The very same object: Immer sees no change when the account was already initial.
    draft.accounts[ns] = castDraft(initialAccountState)
  }
}

/** Replace the fields present in the payload; undefined means "not given". */
function applyFields(account: Draft<AccountState>, fields: AccountFields): void {
  const target = account as Record<keyof AccountFields, unknown>
  for (const key of Object.keys(fields) as (keyof AccountFields)[]) {
    const value = fields[key]
    if (value === undefined) continue
    target[key] = key === 'tokenBalance' ? withoutZeroDecimals(fields.tokenBalance ?? []) : value
  }
}

/**
 * Fold one event into the account slice. Pure; an event it does not handle, or that changes no
 * value, leaves the slice untouched.
 *
 * ```ts
 * produce(initialAccountSliceState, (d) => reduceAccount(d, createEvent('ACCOUNT_SET', { namespace: 'eip155', fields: { address } })))
 * ```
 */
export function reduceAccount(draft: AccountDraft, event: AirlockEvent): void {
  switch (event.type) {
    case 'ACCOUNT_SET':
      applyFields(draft.accounts[event.payload.namespace], event.payload.fields)
      return
    case 'ACCOUNT_RESET':
      resetAccounts(draft, event.payload.namespace)
      return
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS':
      // SPEC §4: reset clears all account fields of the namespace (all namespaces for null).
      resetAccounts(draft, event.payload.namespace)
      return
    case 'OPTIONS_INITIALIZED': {
      const { defaultAccountTypes, defaultNetwork, networks } = event.payload.options
      draft.defaultAccountTypes = { ...defaultAccountTypes }
      if (draft.activeNamespace === null) {
        const first = defaultNetwork ?? networks[0]?.caipNetworkId
        const namespace = first === undefined ? undefined : chainNamespaceOf(first)
        if (namespace !== undefined) draft.activeNamespace = namespace
      }
      return
    }
    case 'STORAGE_HYDRATED': {
      const { preferredAccountTypes, activeNamespace } = event.payload.values
      if (preferredAccountTypes !== undefined) {
        for (const ns of CHAIN_NAMESPACES) {
          const type = preferredAccountTypes[ns]
          if (type !== undefined) draft.preferredAccountTypes[ns] = type
        }
      }
      if (activeNamespace !== undefined) draft.activeNamespace = activeNamespace
      return
    }
    case 'NETWORK_SWITCHED': {
      const namespace = chainNamespaceOf(event.payload.caipNetworkId)
      if (namespace !== undefined) draft.activeNamespace = namespace
      return
    }
    case 'PREFERRED_ACCOUNT_TYPE_REQUESTED':
      draft.pendingAccountType = { ...event.payload }
      return
    case 'PREFERRED_ACCOUNT_TYPE_STORED':
      draft.preferredAccountTypes[event.payload.namespace] = event.payload.accountType
      return
    case 'SET_PREFERRED_ACCOUNT_TYPE':
      draft.preferredAccountTypes[event.payload.namespace] = event.payload.accountType
      if (draft.pendingAccountType !== null) draft.pendingAccountType = null
      return
    case 'PREFERRED_ACCOUNT_TYPE_FAILED':
      draft.preferredAccountTypes[event.payload.namespace] = FALLBACK_ACCOUNT_TYPE
      if (draft.pendingAccountType !== null) draft.pendingAccountType = null
      return
    default:
      return
  }
}
