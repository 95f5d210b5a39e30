/**
 * What every effect receives, injected by the composition root (DESIGN "Plugins"): the kernel's
 * clock, scheduler, fetch and logger, plus the platform's ports. Tests inject fakes; browser tests
 * the real ones.
 */
import type { Deps } from '../kernel/deps'
import type { WalletAccess } from './wallet'
import type { BlockchainApi } from './blockchainApi'
import type { ConfigApi } from './configApi'
import type { ScopedStore } from './store'

/** Opens a popup (social login, an on-ramp widget); null when the browser blocked it. */
export type OpenWindow = (url: string, target?: string, features?: string) => Window | null

export interface PortDeps extends Deps {
  readonly wallet: WalletAccess
  readonly api: BlockchainApi
  readonly config: ConfigApi
  /** The module's own storage keys. */
  readonly store: ScopedStore
  readonly openWindow: OpenWindow
}
