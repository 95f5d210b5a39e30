/**
 * What every effect receives, injected by the composition root (DESIGN "Plugins"): the kernel's
 * clock, scheduler, storage, fetch, window and logger, plus the platform's ports. Tests inject
 * fakes (tests/support/testDeps.ts); browser tests the real ones.
 */
import type { Deps } from '../kernel/deps'
import type { AnyModule } from '../kernel/module'
import { createSafeStorage, createScopedStore } from '../kernel/storage'
import type { WalletAccess } from './wallet'
import type { BlockchainApi } from './blockchainApi'
import type { ConfigApi } from './configApi'
import type { ScopedStore } from './store'
import { unavailableSiwx, type SiwxPort } from './siwx'

/** Opens a popup (social login, an on-ramp widget); null when the browser blocked it or there is no window. */
export type OpenWindow = (url: string, target?: string, features?: string) => Window | null

/**
 * The ports a feature adds for its own plugins, by augmentation (`declare module` of this file):
 * the embedded wallet's `embedded` (src/embedded/port.ts). The composition root supplies them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PortRegistry {}

export interface PortDeps extends Deps, PortRegistry {
  /** The active wallet connection per namespace (src/ports/wallet.ts). */
  readonly wallet: WalletAccess
  /** The Blockchain API client (src/ports/blockchainApi.ts). */
  readonly api: BlockchainApi
  /** The provider configuration API client (src/ports/configApi.ts). */
  readonly config: ConfigApi
  /** The module's own storage keys, those its `storage` declares (src/ports/store.ts). */
  readonly store: ScopedStore
  readonly openWindow: OpenWindow
  /** The site's sign-in config (src/ports/siwx.ts); without one every call fails "SIWX is not enabled". */
  readonly siwx: SiwxPort
}

/** The ports shared by every module; the store is made per module. */
export interface Ports extends Partial<PortRegistry> {
  readonly wallet: WalletAccess
  readonly api: BlockchainApi
  readonly config: ConfigApi
  /** Default: the page window's `open`. */
  readonly openWindow?: OpenWindow
  /** Default: a port whose every call fails "SIWX is not enabled" (SPEC §8). */
  readonly siwx?: SiwxPort
}

/** `window.open` of `win`, or a function that opens nothing where there is no window (server rendering). */
export function windowOpener(win: Window | undefined): OpenWindow {
  return (url, target, features) => win?.open(url, target, features) ?? null
}

/**
 * The kernel's `depsFor`: each module gets the kernel's deps, the shared ports and a store scoped
 * to its own declared keys.
 *
 * ```ts
 * const depsFor = createPortDeps({ wallet, api, config })
 * const kernel = createKernel({ modules, deps, depsFor })
 * ```
 */
export function createPortDeps(ports: Ports): (module: AnyModule, deps: Deps) => PortDeps {
  const { wallet, api, config, openWindow, siwx = unavailableSiwx(), ...features } = ports
  return (module, deps) => ({
    // The features' own ports (PortRegistry), as the composition root gave them.
    ...(features as PortRegistry),
    siwx,
    ...deps,
    wallet,
    api,
    config,
    openWindow: openWindow ?? windowOpener(deps.window),
    store: createScopedStore(createSafeStorage(deps.storage, deps.logger), module.id, module.storage),
  })
}
