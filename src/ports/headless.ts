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

/**
 * Where an email sign-in stands (`useEmailSignIn`, `watchEmailSignIn`): `email` the address field,
 * `sending` the code asked for, `device` this device to approve through the emailed link (a new
 * device of an account; the code follows), `code` the code to enter, `verifying` the code checked,
 * `done` signed in with email (the embedded wallet connects, and stays so until a disconnect).
 */
export type EmailSignInStep = 'email' | 'sending' | 'device' | 'code' | 'verifying' | 'done'

/** The email sign-in as a site's own form shows it, and its actions (the email plugin's commands). */
export interface EmailSignIn {
  /** The email plugin runs (email on, a project id and a secure site set, and its chunk loaded); the actions do nothing while it does not. */
  readonly available: boolean
  readonly step: EmailSignInStep
  /** The address the code went to (from `sending` to `verifying`), or the signed-in address (`done`). */
  readonly email: string | undefined
  /**
   * What went wrong, as the modal shows it (SPEC §5's "Please try again after N seconds", the secure
   * frame's or the auth service's message for a wrong code), at the step that can try again: `email`
   * before a code was sent, `code` after.
   */
  readonly error: string | undefined
  /** Ask for a code for `email` (the secure frame sends it). */
  readonly submit: (email: string) => void
  /** Check the six-digit code. */
  readonly verify: (code: string) => void
  /** Send the code again to the same address (SPEC §5's 30 s cool-down applies). */
  readonly resend: () => void
  /** Leave the sign-in: back to `email`, any answer still to come ignored. */
  readonly cancel: () => void
}

/** A social sign-in's provider, as Connect lists them (the site's `socials` in SPEC §9's order, minus those a Telegram mini app cannot complete). */
export interface HeadlessSocialProvider {
  /** What `signIn` takes: `google`, `x`, `farcaster`, `discord`, `apple`, `github`, `facebook`. */
  readonly id: string
  readonly name: string
}

/** The social sign-in as a site's own buttons show it (`useSocialSignIn`, `watchSocialSignIn`), and its action. */
export interface SocialSignIn {
  /** The socials plugin runs (socials on, a project id and a secure site set, and its chunk loaded). */
  readonly available: boolean
  readonly providers: readonly HeadlessSocialProvider[]
  /** `popup`: the provider's window is open (Farcaster: its link waits to be scanned); `connecting`: the secure frame finishes the sign-in; `failed`: see `error`. */
  readonly status: 'idle' | 'popup' | 'connecting' | 'failed'
  /** The provider of the sign-in in progress (or the one that failed). */
  readonly provider: string | undefined
  readonly error: string | undefined
  /** Sign In With Farcaster's link while `signIn('farcaster')` waits: draw it as a QR code (or a link on a phone). */
  readonly farcasterUrl: string | undefined
  /** Sign in with `provider` (call it in the click's own handler: the popup opens in that turn, before anything asynchronous, or the browser blocks it and the page itself goes to the provider and back). */
  readonly signIn: (provider: string) => void
}
