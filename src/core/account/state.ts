/**
 * The account slice: SPEC §3 account state, one record per namespace, plus the preferred account
 * types (§4) and the active namespace, which this module follows from events.
 *
 * `socialWindow` of SPEC §3 is left out on purpose: it is a browser window handle (the popup of a
 * social login), not data. It cannot be serialised, replayed from the log or compared, so the
 * socials plugin keeps it outside the state tree.
 */
import type { AccountEntry, AccountTabRef, ConnectedWalletInfo, TokenBalance } from '../../events/account'
import type { SocialProvider } from '../../events/shapes/features'
import type { AccountType, ChainNamespace } from '../../events/shapes/namespace'

export type AccountStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'
export interface AccountUser {
  readonly email?: string | null
}

export interface AccountState {
  /**
   * The Account tab the visitor chose on this namespace, null for none yet. SPEC §3 gives
   * `currentTab (0)`, a position whose 0 is the first tab; here the tabs come from plugins,
   * loaded in any order and filtered by namespace, so a position would name another tab after a
   * late load. The tab itself is kept instead and null stands for SPEC's 0:
   * `selectCurrentAccountTab` shows the first tab offered when the stored one is not.
   */
  readonly currentTab: AccountTabRef | null
  /** Token balances; entries with decimals "0" are never kept (SPEC §3, §5). */
  readonly tokenBalance: readonly TokenBalance[]
  readonly smartAccountDeployed: boolean
  readonly addressLabels: Readonly<Record<string, string>>
  readonly allAccounts: readonly AccountEntry[]
  readonly user: AccountUser | null
  readonly caipAddress: string | null
  readonly address: string | null
  readonly balance: string | null
  readonly balanceSymbol: string | null
  readonly profileName: string | null
  readonly profileImage: string | null
  readonly addressExplorerUrl: string | null
  readonly connectedWalletInfo: ConnectedWalletInfo | null
  readonly socialProvider: SocialProvider | null
  readonly farcasterUrl: string | null
  readonly status: AccountStatus
}

export const initialAccountState: AccountState = {
  currentTab: null,
  tokenBalance: [],
  smartAccountDeployed: false,
  addressLabels: {},
  allAccounts: [],
  user: null,
  caipAddress: null,
  address: null,
  balance: null,
  balanceSymbol: null,
  profileName: null,
  profileImage: null,
  addressExplorerUrl: null,
  connectedWalletInfo: null,
  socialProvider: null,
  farcasterUrl: null,
  status: 'disconnected',
}

export type PreferredAccountTypes = Readonly<Partial<Record<ChainNamespace, AccountType>>>

export interface AccountSliceState {
  /** The account record of each namespace; a reset puts back `initialAccountState` itself. */
  readonly accounts: Readonly<Record<ChainNamespace, AccountState>>
  /** The visitor's chosen account types (stored, SPEC §3); they outlive a reset. */
  readonly preferredAccountTypes: PreferredAccountTypes
  /** The site's `defaultAccountTypes` (SPEC §9), used where nothing was chosen. */
  readonly defaultAccountTypes: PreferredAccountTypes
  /** A preferred account type change under way (SPEC §4 step 1, "loading is set"), or null. */
  readonly pendingAccountType: { readonly namespace: ChainNamespace; readonly accountType: AccountType } | null
  /** The namespace of the active network, followed from options, storage and network switches. */
  readonly activeNamespace: ChainNamespace | null
}

export const initialAccountSliceState: AccountSliceState = {
  accounts: {
    eip155: initialAccountState,
    solana: initialAccountState,
    polkadot: initialAccountState,
    bip122: initialAccountState,
    cosmos: initialAccountState,
  },
  preferredAccountTypes: {},
  defaultAccountTypes: {},
  pendingAccountType: null,
  activeNamespace: null,
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    account: AccountSliceState
  }
}
