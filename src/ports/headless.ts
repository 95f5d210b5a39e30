/**
 * The headless API's shapes (issue 28 §3): what `airlock/react`'s `useWallets`,
 * `useWalletConnectUri` and `useConnectMethods` and the instance's `watchWallets` and
 * `watchConnectMethods` give, and what `connect` takes. Derived in src/core/connect/headlessSelectors.ts.
 */
import type { ChainNamespace } from '../events/shapes/namespace'

/** One entry of Connect, as the site renders it. */
export interface HeadlessWallet {
  /** What `connect(id)` takes: a connector's id (an installed wallet, WalletConnect) or a catalog wallet's. */
  readonly id: string
  readonly name: string
  /** The wallet's icon for an `<img src>`: a data: image or an https: URL (or one under the site's config API); else undefined. */
  readonly icon: string | undefined
  /** A wallet in this browser (injected or announced). */
  readonly installed: boolean
  /** A wallet the visitor connected before (SPEC §3 recent wallets). */
  readonly recent: boolean
  /** `walletConnect` for the WalletConnect entry (pair by the site's own QR code), `catalog` for a catalog wallet (reached through WalletConnect), `connector` for the others. */
  readonly kind: 'connector' | 'walletConnect' | 'catalog'
}

/** The WalletConnect pairing as a site's own QR code shows it. */
export interface WalletConnectPairing {
  /** The `wc:` URI to draw as a QR code or open in a wallet's deep link; undefined until a pairing has one (or once the wallet approved it). */
  readonly uri: string | undefined
  /** When `uri` expires, in ms since the epoch (the connector replaces it by itself before then). */
  readonly expiry: number | undefined
  /** The pairing failed: `connect('walletConnect')` again starts a new one. */
  readonly failed: boolean
}

/** A way to connect besides the wallet list, brought by a plugin (email, socials). */
export interface HeadlessConnectMethod {
  readonly group: 'email' | 'social'
  /** The method's id (`email`, `socials`) and the plugin that brings it. */
  readonly id: string
  readonly moduleId: string
  /** The plugin's view that runs the method (`airlock.open(view)`), where the secure frame asks for the code or the provider. */
  readonly view: string
}

/** What `connect` takes: an entry's id (`HeadlessWallet.id`), or a namespace to connect with its first installed wallet (else WalletConnect). */
export type ConnectTarget = string | { readonly namespace: ChainNamespace }
