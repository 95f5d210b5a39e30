/**
 * The account slice: SPEC §3 account state, one record per namespace, plus the preferred account
 * types (§4) and the active namespace, which this module follows from events.
 *
 * `socialWindow` of SPEC §3 is left out on purpose: it is a browser window handle (the popup of a
 * social login), not data. It cannot be serialised, replayed from the log or compared, so the
 * socials plugin keeps it outside the state tree. So are SPEC §3's `user`, `socialProvider` and
 * `farcasterUrl`: they belong to the embedded wallet's feature (the embeddedWallet plugin's `user`,
 * the socials plugin's `provider` and `farcasterUrl`), which a page without it never loads.
 */
import type { AccountEntry, AccountTabRef, ConnectedWalletInfo, TokenBalance } from '../../events/account'
import type { AccountType, ChainNamespace } from '../../events/shapes/namespace'

export type AccountStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'

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
  readonly caipAddress: string | null
  readonly address: string | null
  readonly balance: string | null
  readonly balanceSymbol: string | null
  readonly profileName: string | null
  readonly profileImage: string | null
  readonly addressExplorerUrl: string | null
  readonly connectedWalletInfo: ConnectedWalletInfo | null
  readonly status: AccountStatus
}

export const initialAccountState: AccountState = {
  currentTab: null,
  tokenBalance: [],
  smartAccountDeployed: false,
  addressLabels: {},
  allAccounts: [],
  caipAddress: null,
  address: null,
  balance: null,
  balanceSymbol: null,
  profileName: null,
  profileImage: null,
  addressExplorerUrl: null,
  connectedWalletInfo: null,
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
