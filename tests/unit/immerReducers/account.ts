/**
 * The account module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/account/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import { castDraft, type Draft } from 'immer'
import type { AirlockEvent } from '../../../src/kernel/registry'
import { CHAIN_NAMESPACES, chainNamespaceOf, type ChainNamespace } from '../../../src/events/shapes/namespace'
import type { AccountEntry } from '../../../src/events/account'
import { sameTab } from '../../../src/core/account/accountTab'
import { initialAccountState, type AccountSliceState, type AccountState } from '../../../src/core/account/state'

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

/** Equal as data: the small records of an account (its entries, the wallet's info). */
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** The wallet's accounts, the first active; an unchanged list keeps the slice (same reference). */
function setAccounts(account: Draft<AccountState>, address: string | null, caipAddress: string | null, allAccounts: readonly AccountEntry[]): void {
  Object.assign(account, { address, caipAddress, status: address === null ? 'disconnected' : 'connected' })
  if (!sameJson(account.allAccounts, allAccounts)) account.allAccounts = castDraft(allAccounts)
}

/**
 * The active account follows the network: its CAIP-10 address names the network switched to, so a
 * switch needs no second event to carry the address along.
 */
function followNetwork(draft: AccountDraft, namespace: ChainNamespace, caipNetworkId: string): void {
  const account = draft.accounts[namespace]
  if (account.address === null) return
  const caipAddress = `${caipNetworkId}:${account.address}`
  if (account.caipAddress !== caipAddress) account.caipAddress = caipAddress
}

/**
 * Fold one event into the account slice. Pure; an event it does not handle, or that changes no
 * value, leaves the slice untouched.
 *
 * ```ts
 * produce(initialAccountSliceState, (d) => reduceAccount(d, createEvent('BALANCE_UPDATED', { namespace: 'eip155', balance: '1.5', symbol: 'ETH' })))
 * ```
 */
export function reduceAccount(draft: AccountDraft, event: AirlockEvent): void {
  switch (event.type) {
    case 'ACCOUNT_CONNECTED': {
      const { namespace, address, caipAddress, allAccounts, connectedWalletInfo } = event.payload
      const account = draft.accounts[namespace]
      setAccounts(account, address, caipAddress, allAccounts)
      if (!sameJson(account.connectedWalletInfo, connectedWalletInfo)) account.connectedWalletInfo = connectedWalletInfo
      return
    }
    case 'ACCOUNTS_CHANGED': {
      const { namespace, address, caipAddress, allAccounts } = event.payload
      setAccounts(draft.accounts[namespace], address, caipAddress, allAccounts)
      return
    }
    case 'BALANCE_UPDATED':
      Object.assign(draft.accounts[event.payload.namespace], { balance: event.payload.balance, balanceSymbol: event.payload.symbol })
      return
    case 'BALANCE_CLEARED':
      Object.assign(draft.accounts[event.payload.namespace], { balance: null, balanceSymbol: event.payload.symbol })
      return
    case 'PROFILE_RESOLVED':
      Object.assign(draft.accounts[event.payload.namespace], { profileName: event.payload.name, profileImage: event.payload.image })
      return
    case 'ACCOUNT_IDENTITY_RESOLVED': {
      // SPEC §3: the auth wallet's info carries the identifier (email or user name) and the provider.
      // Only its info: a late answer (GET_USER after the visitor switched wallets) does not sign in another.
      const info = draft.accounts[event.payload.namespace].connectedWalletInfo
      if (info?.type !== 'AUTH') return
      if (event.payload.identifier === null) delete info.identifier
      else info.identifier = event.payload.identifier
      info.social = event.payload.social
      return
    }
    case 'ACCOUNT_TAB_SELECTED': {
      const account = draft.accounts[event.payload.namespace]
      const { moduleId, id } = event.payload.tab
      if (!sameTab(account.currentTab, event.payload.tab)) account.currentTab = { moduleId, id }
      return
    }
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS':
      // SPEC §4: reset clears all account fields of the namespace (all namespaces for null).
      // currentTab too, on purpose: whoever connects next (maybe another wallet) opens Account on
      // the first tab, as on a first visit, rather than on the tab the last session left.
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
      if (namespace === undefined) return
      draft.activeNamespace = namespace
      followNetwork(draft, namespace, event.payload.caipNetworkId)
      return
    }
    case 'NETWORK_UNSUPPORTED':
      // The wallet is on a chain the site did not configure: the address names that chain.
      followNetwork(draft, event.payload.namespace, `${event.payload.namespace}:${String(event.payload.chainId)}`)
      return
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
