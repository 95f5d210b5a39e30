/**
 * View names. The core's own views (those the modal draws itself) are registered always; every
 * other view is registered by the module that brings it (a plugin's `views`), and the router
 * accepts it only while that module is loaded.
 */
import type { ViewRegistry } from '../../events/views'

/** The views of SPEC §2, plus AllWallets. Those not in CORE_VIEWS belong to feature plugins. */
export const View = {
  Connect: 'Connect',
  Account: 'Account',
  AllWallets: 'AllWallets',
  ConnectingExternal: 'ConnectingExternal',
  ConnectingWalletConnect: 'ConnectingWalletConnect',
  SIWXSignMessage: 'SIWXSignMessage',
  SwitchNetwork: 'SwitchNetwork',
  SwitchActiveChain: 'SwitchActiveChain',
  UnsupportedChain: 'UnsupportedChain',
  RegisterAccountName: 'RegisterAccountName',
  RegisterAccountNameSuccess: 'RegisterAccountNameSuccess',
  Swap: 'Swap',
} as const

export type { ViewRegistry, ViewName } from '../../events/views'

/**
 * The core's own views: always registered. The modal draws each of them from its own table.
 * WalletGuide (issue 28 §4): wallets to install, for a visitor with none.
 */
export const CORE_VIEW_NAMES = [
  View.Connect,
  View.Account,
  View.AllWallets,
  View.ConnectingExternal,
  View.ConnectingWalletConnect,
  View.SwitchNetwork,
  View.SwitchActiveChain,
  View.UnsupportedChain,
  'WalletGuide',
] as const satisfies readonly (keyof ViewRegistry)[]
export type CoreViewName = (typeof CORE_VIEW_NAMES)[number]
export const CORE_VIEWS: ReadonlySet<string> = new Set(CORE_VIEW_NAMES)
