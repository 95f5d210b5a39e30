/** Account state per namespace (SPEC §3 account state, §4 preferred account type). */
import * as t from 'io-ts'
import { defineEvent } from './define'
import { AccountType, ChainNamespace } from './shapes/namespace'

export const TokenBalance = t.intersection(
  [
    t.type({
      name: t.string,
      symbol: t.string,
      chainId: t.string,
      value: t.number,
      price: t.number,
      quantity: t.type({ decimals: t.string, numeric: t.string }),
    }),
    t.partial({ address: t.string, iconUrl: t.string }),
  ],
  'TokenBalance',
)
export type TokenBalance = t.TypeOf<typeof TokenBalance>

export const ConnectedWalletInfo = t.intersection(
  [t.type({ name: t.string }), t.partial({ icon: t.string, identifier: t.string, social: t.string, type: t.string })],
  'ConnectedWalletInfo',
)
export type ConnectedWalletInfo = t.TypeOf<typeof ConnectedWalletInfo>

export const AccountEntry = t.type({ address: t.string, type: AccountType }, 'AccountEntry')
export type AccountEntry = t.TypeOf<typeof AccountEntry>

/** A CAIP-10 address (`eip155:1:0xab…`), or null when the namespace has no account. */
const CaipAddress = t.union([t.string, t.null])

/**
 * A wallet connected in a namespace: its accounts on the network it is on (the first one active)
 * and what the Account view shows of the wallet (SPEC §3 account state).
 */
export const AccountConnected = defineEvent(
  'ACCOUNT_CONNECTED',
  t.type({
    namespace: ChainNamespace,
    address: t.string,
    caipAddress: t.string,
    allAccounts: t.array(AccountEntry),
    connectedWalletInfo: ConnectedWalletInfo,
  }),
)
export type AccountConnected = t.TypeOf<typeof AccountConnected>

/**
 * The connected wallet reported another account list (accountsChanged, a relay session's update):
 * the first one is now the active one. An empty list leaves the namespace without an account.
 */
export const AccountsChanged = defineEvent(
  'ACCOUNTS_CHANGED',
  t.type({ namespace: ChainNamespace, address: t.union([t.string, t.null]), caipAddress: CaipAddress, allAccounts: t.array(AccountEntry) }),
)
export type AccountsChanged = t.TypeOf<typeof AccountsChanged>

/** The native balance of the namespace's active account was read on the active network. */
export const BalanceUpdated = defineEvent('BALANCE_UPDATED', t.type({ namespace: ChainNamespace, balance: t.string, symbol: t.string }))
export type BalanceUpdated = t.TypeOf<typeof BalanceUpdated>

/**
 * No balance can be shown (the read failed, or the network has no endpoint); `symbol` is the
 * active network's currency, still shown beside the missing amount.
 */
export const BalanceCleared = defineEvent('BALANCE_CLEARED', t.type({ namespace: ChainNamespace, symbol: t.union([t.string, t.null]) }))
export type BalanceCleared = t.TypeOf<typeof BalanceCleared>

/** The account's name and avatar were looked up (SPEC §4 identity sync); null where there is none. */
export const ProfileResolved = defineEvent(
  'PROFILE_RESOLVED',
  t.type({ namespace: ChainNamespace, name: t.union([t.string, t.null]), image: t.union([t.string, t.null]) }),
)
export type ProfileResolved = t.TypeOf<typeof ProfileResolved>

/**
 * The connected wallet said who is signed in to it (SPEC §3 auth wallet info: an email or user
 * name, and how: `social` is the provider, `email` by default). The account keeps it on the wallet's
 * info when that wallet is an auth wallet (type AUTH): a late answer after the visitor switched
 * wallets signs in no other wallet.
 */
export const AccountIdentityResolved = defineEvent(
  'ACCOUNT_IDENTITY_RESOLVED',
  t.type({ namespace: ChainNamespace, identifier: t.union([t.string, t.null]), social: t.string }),
)
export type AccountIdentityResolved = t.TypeOf<typeof AccountIdentityResolved>

/**
 * An Account tab by what names it wherever it stands in the list: the plugin that brings it and
 * the tab's id in that plugin's contributions (tabs come and go with plugins, so a position would
 * name another tab after a late load).
 */
export const AccountTabRef = t.type({ moduleId: t.string, id: t.string }, 'AccountTabRef')
export type AccountTabRef = t.TypeOf<typeof AccountTabRef>

/**
 * The visitor chose a tab of the Account view (Tokens, NFTs, Activity, a plugin's) while on
 * `namespace`. Not public: the analytics catalogue (DESIGN "Events", `PUBLIC_EVENTS`) names no
 * tab event.
 */
export const AccountTabSelected = defineEvent('ACCOUNT_TAB_SELECTED', t.type({ namespace: ChainNamespace, tab: AccountTabRef }))
export type AccountTabSelected = t.TypeOf<typeof AccountTabSelected>

/** Public: the preferred account type changed (SPEC §4 step 5). */
export const SetPreferredAccountType = defineEvent(
  'SET_PREFERRED_ACCOUNT_TYPE',
  t.type({ namespace: ChainNamespace, accountType: AccountType, network: t.union([t.string, t.null]) }),
)
export type SetPreferredAccountType = t.TypeOf<typeof SetPreferredAccountType>

/** Step 1 of a preferred account type change (SPEC §4): loading is set. */
export const PreferredAccountTypeRequested = defineEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', t.type({ namespace: ChainNamespace, accountType: AccountType }))
export type PreferredAccountTypeRequested = t.TypeOf<typeof PreferredAccountTypeRequested>

/** Step 3 (SPEC §4): the auth provider accepted the type, so the setting is stored. */
export const PreferredAccountTypeStored = defineEvent('PREFERRED_ACCOUNT_TYPE_STORED', t.type({ namespace: ChainNamespace, accountType: AccountType }))
export type PreferredAccountTypeStored = t.TypeOf<typeof PreferredAccountTypeStored>

/** A failed change (SPEC §4): the namespace falls back to EOA and loading ends. */
export const PreferredAccountTypeFailed = defineEvent('PREFERRED_ACCOUNT_TYPE_FAILED', t.type({ namespace: ChainNamespace, message: t.string }))
export type PreferredAccountTypeFailed = t.TypeOf<typeof PreferredAccountTypeFailed>

export const accountEvents = {
  ACCOUNT_CONNECTED: AccountConnected,
  ACCOUNTS_CHANGED: AccountsChanged,
  BALANCE_UPDATED: BalanceUpdated,
  BALANCE_CLEARED: BalanceCleared,
  PROFILE_RESOLVED: ProfileResolved,
  ACCOUNT_IDENTITY_RESOLVED: AccountIdentityResolved,
  ACCOUNT_TAB_SELECTED: AccountTabSelected,
  SET_PREFERRED_ACCOUNT_TYPE: SetPreferredAccountType,
  PREFERRED_ACCOUNT_TYPE_REQUESTED: PreferredAccountTypeRequested,
  PREFERRED_ACCOUNT_TYPE_STORED: PreferredAccountTypeStored,
  PREFERRED_ACCOUNT_TYPE_FAILED: PreferredAccountTypeFailed,
} as const
