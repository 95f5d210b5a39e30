/**
 * The account reducer (SPEC §3 account state, §4 reset and preferred account type). A plain fold
 * (the module's `fold`, no Immer draft: issue 27 §1): new objects along what changed, the same
 * reference when nothing did; it never mutates what it is given.
 */
import { patch, patchAt } from '../../kernel/patch'
import type { AirlockEvent } from '../../kernel/registry'
import { CHAIN_NAMESPACES, chainNamespaceOf, type ChainNamespace } from '../../events/shapes/namespace'
import type { AccountEntry, ConnectedWalletInfo } from '../../events/account'
import { sameTab } from './accountTab'
import { initialAccountState, type AccountSliceState, type AccountState } from './state'

type S = AccountSliceState

/** SPEC §4: a failed preferred account type change falls back to EOA. */
export const FALLBACK_ACCOUNT_TYPE = 'eoa'

/** `state` with `update` applied to one namespace's account. */
function withAccount(state: S, namespace: ChainNamespace, update: (account: AccountState) => AccountState): S {
  const accounts = patchAt(state.accounts, namespace, update)
  return accounts === state.accounts ? state : { ...state, accounts }
}

/** Put back the initial record of a namespace (every namespace for null). */
function resetAccounts(state: S, namespace: ChainNamespace | null): S {
  let next = state
  // The very same object: no change when the account was already initial.
  for (const ns of namespace === null ? CHAIN_NAMESPACES : [namespace]) next = withAccount(next, ns, () => initialAccountState)
  return next
}

/** Equal as data: the small records of an account (its entries, the wallet's info). */
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** The wallet's accounts, the first active; an unchanged list keeps the slice (same reference). */
function setAccounts(account: AccountState, address: string | null, caipAddress: string | null, allAccounts: readonly AccountEntry[]): AccountState {
  const next = patch(account, { address, caipAddress, status: address === null ? 'disconnected' : 'connected' })
  return sameJson(next.allAccounts, allAccounts) ? next : { ...next, allAccounts }
}

/**
 * The active account follows the network: its CAIP-10 address names the network switched to, so a
 * switch needs no second event to carry the address along.
 */
function followNetwork(state: S, namespace: ChainNamespace, caipNetworkId: string): S {
  return withAccount(state, namespace, (account) =>
    account.address === null ? account : patch(account, { caipAddress: `${caipNetworkId}:${account.address}` }),
  )
}

/** SPEC §3: the auth wallet's info with the identifier (email or user name) and the provider. */
function withIdentity(info: ConnectedWalletInfo, identifier: string | null, social: string | undefined): ConnectedWalletInfo {
  let next = info
  if (identifier !== null) next = patch(next, { identifier })
  else if ('identifier' in next) {
    const { identifier: _dropped, ...rest } = next
    next = rest
  }
  return patch(next, { social })
}

/**
 * Fold one event into the account slice. Pure; an event it does not handle, or that changes no
 * value, leaves the slice untouched.
 *
 * ```ts
 * reduceAccount(initialAccountSliceState, createEvent('BALANCE_UPDATED', { namespace: 'eip155', balance: '1.5', symbol: 'ETH' })).accounts.eip155.balance // '1.5'
 * ```
 */
export function reduceAccount(state: S, event: AirlockEvent): S {
  switch (event.type) {
    case 'ACCOUNT_CONNECTED': {
      const { namespace, address, caipAddress, allAccounts, connectedWalletInfo } = event.payload
      return withAccount(state, namespace, (account) => {
        const next = setAccounts(account, address, caipAddress, allAccounts)
        return sameJson(next.connectedWalletInfo, connectedWalletInfo) ? next : { ...next, connectedWalletInfo }
      })
    }
    case 'ACCOUNTS_CHANGED': {
      const { namespace, address, caipAddress, allAccounts } = event.payload
      return withAccount(state, namespace, (account) => setAccounts(account, address, caipAddress, allAccounts))
    }
    case 'BALANCE_UPDATED':
      return withAccount(state, event.payload.namespace, (account) => patch(account, { balance: event.payload.balance, balanceSymbol: event.payload.symbol }))
    case 'BALANCE_CLEARED':
      return withAccount(state, event.payload.namespace, (account) => patch(account, { balance: null, balanceSymbol: event.payload.symbol }))
    case 'PROFILE_RESOLVED':
      return withAccount(state, event.payload.namespace, (account) => patch(account, { profileName: event.payload.name, profileImage: event.payload.image }))
    case 'ACCOUNT_IDENTITY_RESOLVED': {
      // SPEC §3: the auth wallet's info carries the identifier (email or user name) and the provider.
      // Only its info: a late answer (GET_USER after the visitor switched wallets) does not sign in another.
      const { identifier, social } = event.payload
      return withAccount(state, event.payload.namespace, (account) => {
        const info = account.connectedWalletInfo
        if (info?.type !== 'AUTH') return account
        return patch(account, { connectedWalletInfo: withIdentity(info, identifier, social) })
      })
    }
    case 'ACCOUNT_TAB_SELECTED': {
      const { moduleId, id } = event.payload.tab
      return withAccount(state, event.payload.namespace, (account) =>
        sameTab(account.currentTab, event.payload.tab) ? account : { ...account, currentTab: { moduleId, id } },
      )
    }
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS':
      // SPEC §4: reset clears all account fields of the namespace (all namespaces for null).
      // currentTab too, on purpose: whoever connects next (maybe another wallet) opens Account on
      // the first tab, as on a first visit, rather than on the tab the last session left.
      return resetAccounts(state, event.payload.namespace)
    case 'OPTIONS_INITIALIZED': {
      const { defaultAccountTypes, defaultNetwork, networks } = event.payload.options
      const next = { ...state, defaultAccountTypes: { ...defaultAccountTypes } }
      if (next.activeNamespace !== null) return next
      const first = defaultNetwork ?? networks[0]?.caipNetworkId
      const namespace = first === undefined ? undefined : chainNamespaceOf(first)
      return namespace === undefined ? next : { ...next, activeNamespace: namespace }
    }
    case 'STORAGE_HYDRATED': {
      const { preferredAccountTypes, activeNamespace } = event.payload.values
      let next = state
      if (preferredAccountTypes !== undefined) {
        for (const ns of CHAIN_NAMESPACES) {
          const type = preferredAccountTypes[ns]
          if (type !== undefined) next = withPreferredType(next, ns, type)
        }
      }
      return activeNamespace === undefined ? next : patch(next, { activeNamespace })
    }
    case 'NETWORK_SWITCHED': {
      const namespace = chainNamespaceOf(event.payload.caipNetworkId)
      if (namespace === undefined) return state
      return followNetwork(patch(state, { activeNamespace: namespace }), namespace, event.payload.caipNetworkId)
    }
    case 'NETWORK_UNSUPPORTED':
      // The wallet is on a chain the site did not configure: the address names that chain.
      return followNetwork(state, event.payload.namespace, `${event.payload.namespace}:${String(event.payload.chainId)}`)
    case 'PREFERRED_ACCOUNT_TYPE_REQUESTED':
      return { ...state, pendingAccountType: { ...event.payload } }
    case 'PREFERRED_ACCOUNT_TYPE_STORED':
      return withPreferredType(state, event.payload.namespace, event.payload.accountType)
    case 'SET_PREFERRED_ACCOUNT_TYPE':
      return patch(withPreferredType(state, event.payload.namespace, event.payload.accountType), { pendingAccountType: null })
    case 'PREFERRED_ACCOUNT_TYPE_FAILED':
      return patch(withPreferredType(state, event.payload.namespace, FALLBACK_ACCOUNT_TYPE), { pendingAccountType: null })
    default:
      return state
  }
}

/** `state` with one namespace's preferred account type set. */
function withPreferredType(state: S, namespace: ChainNamespace, type: S['preferredAccountTypes'][ChainNamespace]): S {
  const preferredAccountTypes = patch(state.preferredAccountTypes, { [namespace]: type })
  return preferredAccountTypes === state.preferredAccountTypes ? state : { ...state, preferredAccountTypes }
}
