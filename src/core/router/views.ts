/**
 * View names. The core's own views (those the modal draws itself) are registered always; every
 * other view is registered by the module that brings it (a plugin's `views`), and the router
 * accepts it only while that module is loaded.
 */

/** The views of SPEC §2, plus AllWallets. Those not in CORE_VIEWS belong to feature plugins. */
export const View = {
  Connect: 'Connect',
  Account: 'Account',
  AllWallets: 'AllWallets',
  ConnectingExternal: 'ConnectingExternal',
  ConnectingWalletConnect: 'ConnectingWalletConnect',
  ConnectingFarcaster: 'ConnectingFarcaster',
  SIWXSignMessage: 'SIWXSignMessage',
  ApproveTransaction: 'ApproveTransaction',
  SwitchNetwork: 'SwitchNetwork',
  SwitchActiveChain: 'SwitchActiveChain',
  UnsupportedChain: 'UnsupportedChain',
  RegisterAccountName: 'RegisterAccountName',
  RegisterAccountNameSuccess: 'RegisterAccountNameSuccess',
  Swap: 'Swap',
} as const

/**
 * The registered view names, for the compiler. The core lists its own; a plugin adds its views by
 * module augmentation, as it adds its events:
 *
 * ```ts
 * declare module 'airlock' {
 *   interface ViewRegistry { SessionStats: true }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ViewRegistry extends Record<CoreViewName, true> {}

/** A view name the compiler knows: a core view or one a plugin declared. */
export type ViewName = keyof ViewRegistry & string

/** The core's own views: always registered. The modal draws each of them from its own table. */
export const CORE_VIEW_NAMES = [
  View.Connect,
  View.Account,
  View.AllWallets,
  View.ConnectingExternal,
  View.ConnectingWalletConnect,
  View.SwitchNetwork,
  View.SwitchActiveChain,
  View.UnsupportedChain,
] as const
export type CoreViewName = (typeof CORE_VIEW_NAMES)[number]
export const CORE_VIEWS: ReadonlySet<string> = new Set(CORE_VIEW_NAMES)

/** Views on which closing is disabled while sign-in is required and no session exists (SPEC §2). */
export const SIGN_AND_APPROVE_VIEWS: ReadonlySet<string> = new Set([View.SIWXSignMessage, View.ApproveTransaction])

/** The delay before the auth provider reloads after leaving ConnectingFarcaster (SPEC §9: 100 ms). */
export const FARCASTER_RELOAD_DELAY_MS = 100
