/** Account state per namespace (SPEC §3 account state, §4 preferred account type). */
import * as t from 'io-ts'
import { defineEvent } from './define'
import { AccountType, ChainNamespace } from './shapes/namespace'
import { SocialProvider } from './shapes/features'

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

/** The fields ACCOUNT_SET may set; each one present replaces the current value. */
export const AccountFields = t.partial(
  {
    caipAddress: t.union([t.string, t.null]),
    address: t.union([t.string, t.null]),
    balance: t.union([t.string, t.null]),
    balanceSymbol: t.union([t.string, t.null]),
    profileName: t.union([t.string, t.null]),
    profileImage: t.union([t.string, t.null]),
    addressExplorerUrl: t.union([t.string, t.null]),
    connectedWalletInfo: t.union([ConnectedWalletInfo, t.null]),
    smartAccountDeployed: t.boolean,
    allAccounts: t.array(AccountEntry),
    addressLabels: t.record(t.string, t.string),
    tokenBalance: t.array(TokenBalance),
    socialProvider: t.union([SocialProvider, t.null]),
    farcasterUrl: t.union([t.string, t.null]),
    status: t.keyof({ disconnected: null, connecting: null, connected: null, reconnecting: null }),
    currentTab: t.number,
    user: t.union([t.type({ email: t.union([t.string, t.null, t.undefined]) }), t.null]),
  },
  'AccountFields',
)
export type AccountFields = t.TypeOf<typeof AccountFields>

/** Set account fields of one namespace ("Chain is required to set account prop" without one). */
export const AccountSet = defineEvent('ACCOUNT_SET', t.type({ namespace: ChainNamespace, fields: AccountFields }))
export type AccountSet = t.TypeOf<typeof AccountSet>

/** Reset one namespace's account to its initial fields. */
export const AccountReset = defineEvent('ACCOUNT_RESET', t.type({ namespace: ChainNamespace }))
export type AccountReset = t.TypeOf<typeof AccountReset>

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
  ACCOUNT_SET: AccountSet,
  ACCOUNT_RESET: AccountReset,
  SET_PREFERRED_ACCOUNT_TYPE: SetPreferredAccountType,
  PREFERRED_ACCOUNT_TYPE_REQUESTED: PreferredAccountTypeRequested,
  PREFERRED_ACCOUNT_TYPE_STORED: PreferredAccountTypeStored,
  PREFERRED_ACCOUNT_TYPE_FAILED: PreferredAccountTypeFailed,
} as const
