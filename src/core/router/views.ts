/** The views of SPEC §2, plus AllWallets. Plugins add their own view names as plain strings. */
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
export type CoreView = (typeof View)[keyof typeof View]

/** Views on which closing is disabled while sign-in is required and no session exists (SPEC §2). */
export const SIGN_AND_APPROVE_VIEWS: ReadonlySet<string> = new Set([View.SIWXSignMessage, View.ApproveTransaction])

/** The delay before the auth provider reloads after leaving ConnectingFarcaster (SPEC §9: 100 ms). */
export const FARCASTER_RELOAD_DELAY_MS = 100
