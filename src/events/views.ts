/**
 * The registered view names, for the compiler: the core's own views, and those a plugin adds by
 * module augmentation, as it adds its events:
 *
 * ```ts
 * declare module 'airlock/plugin' {
 *   interface ViewRegistry { SignMessage: true }
 * }
 * ```
 *
 * Here, not in the core's router, so the instance's interface (src/ports) can name a view.
 */
export interface ViewRegistry {
  Connect: true
  Account: true
  AllWallets: true
  ConnectingExternal: true
  ConnectingWalletConnect: true
  SwitchNetwork: true
  SwitchActiveChain: true
  UnsupportedChain: true
  WalletGuide: true
}

/** A view name the compiler knows: a core view or one a plugin declared. */
export type ViewName = keyof ViewRegistry & string
