/** What `createAirlock` returns: the surface site owners use. */
import type { Observable } from 'rxjs'
import type { AirlockEvent, PayloadOf, PublicEventType, RootState } from '../kernel/registry'
import type { AnyModule, Command } from '../kernel/module'
import type { ChainNamespace } from '../events/shapes/namespace'
import type { Features } from '../events/shapes/features'
import type { ThemeMode, ThemeVariables } from '../events/shapes/options'
import type { RouteData } from '../events/router'
import type { NotificationText, NotificationVariant } from '../events/notification'
import type { ViewName } from '../events/views'
import type { WalletProvider } from './wallet'
import type { ConnectTarget, EmailSignIn, HeadlessConnectMethod, HeadlessWallet, SocialSignIn } from './headless'

/**
 * A public analytics event of one type as `subscribeEvents` delivers it: its payload is the one
 * its codec decodes (`PayloadOf`).
 */
export interface PublicEventOf<K extends PublicEventType> {
  readonly type: K
  readonly payload: PayloadOf<K>
  /** When the event was dispatched, in ms since the epoch (from the injected clock). */
  readonly timestamp: number
}

/**
 * A public analytics event as `subscribeEvents` delivers it: a union discriminated by `type` over
 * every public event of the core and of the plugins (`PublicEventRegistry`), so narrowing on
 * `type` gives the payload's type, and a misspelt type does not compile.
 *
 * ```ts
 * airlock.subscribeEvents((event) => {
 *   if (event.type === 'CONNECT_SUCCESS') track('connected', event.payload.namespace)
 * })
 * ```
 */
export type PublicEvent = { [K in PublicEventType]: PublicEventOf<K> }[PublicEventType]

/**
 * What `createAirlock` returns. Every error a member throws or rejects with is an `AirlockError`
 * (exported from 'airlock', `instanceof` works): `shortMessage` (SPEC §8's words), `details`,
 * `cause` (walk the chain with `walk()`), `category` and, where SPEC §8 has one, `code`.
 *
 * ```ts
 * try {
 *   await airlock.connect('injected')
 * } catch (error) {
 *   if (error instanceof UserRejectedRequestError) return // the visitor declined
 *   if (error instanceof AirlockError) report(error.shortMessage, error.details)
 * }
 * ```
 */
export interface AirlockInstance {
  /**
   * Open the modal on `view` (with its route data), or on Connect, or Account when connected
   * (SPEC §2); opening an open modal starts it afresh. Resolves once the modal has opened. A
   * plugin's view that is still loading opens once it has loaded; a view no module registers is
   * not opened: VIEW_NOT_FOUND is dispatched and the promise rejects with an `AirlockError`
   * carrying the same message.
   *
   * ```ts
   * await airlock.open('SwitchNetwork')
   * ```
   */
  open(view?: ViewName, data?: RouteData): Promise<void>
  /** Close the modal; does nothing when it is closed or while closing is disabled (SPEC §2). */
  close(): void
  /**
   * Switch the active network. Throws `NetworkNotFoundError` "Network not found" at once for an id
   * the site did not configure; resolves at once when it is already active. With a wallet connected
   * in that namespace the wallet is asked first (adding the chain on 4902); the promise rejects
   * when it refuses: `UserRejectedRequestError` on 4001, the provider error of the wallet's code,
   * else `SwitchChainError` with the wallet's message as `details`.
   */
  switchNetwork(caipNetworkId: string): Promise<void>
  /**
   * Connect through a connector (an id from `state.connectors.connectors`), a wallet Connect lists
   * (a catalog wallet's id, as `watchWallets` and `useWallets` give it: paired through
   * WalletConnect, whose URI `state.connection.wcUri` holds for the site's own QR code), or
   * `{ namespace }` (that namespace's first installed wallet in Connect's order, else WalletConnect).
   * Resolves on CONNECT_SUCCESS. Rejects with `ConnectorNotFoundError` for an unknown id,
   * `UserRejectedRequestError` when the visitor declines, else `ConnectionFailedError` (or the
   * class of a SPEC §8 message, such as `ChainAdapterNotFoundError`) with the wallet's message as
   * `details`.
   */
  connect(target: ConnectTarget): Promise<void>
  /**
   * Several wallets at once (issue 28 §2): make `connectorId`, a wallet already connected in
   * `namespace` (the active namespace by default), the active one (SPEC §4 switch account: it is
   * asked for its accounts, else connected). Resolves on ACTIVE_CONNECTION_CHANGED, at once when it
   * is active already; rejects as `connect` does. `disconnectWallet` ends that wallet alone (the
   * namespace's last one: the namespace's disconnect).
   */
  switchWallet(connectorId: string, namespace?: ChainNamespace): Promise<void>
  disconnectWallet(connectorId: string, namespace?: ChainNamespace): void
  /**
   * Call `listener` with Connect's entries, in Connect's order (SPEC §4), each with its id (what
   * `connect` takes), name, icon (data: or https: only), installed and recent flags, and again at
   * each change: the headless API's wallet list (issue 28 §3), for a connect UI of the site's own.
   * Its code is a chunk fetched at the first call, so the first call comes once it has arrived.
   * Returns the stop. The pairing URI for the site's own QR code is `select((s) => s.connection.wcUri)`.
   *
   * ```ts
   * const stop = airlock.watchWallets((wallets) => render(wallets.map((w) => w.name)))
   * ```
   */
  watchWallets(listener: (wallets: readonly HeadlessWallet[]) => void): () => void
  /** Call `listener` with the plugins' connect methods (email, socials) in Connect's method order, and at each change; as `watchWallets`. */
  watchConnectMethods(listener: (methods: readonly HeadlessConnectMethod[]) => void): () => void
  /**
   * Call `listener` with the email sign-in (where it stands, its error, and `submit`, `verify`,
   * `resend`, `cancel`) now and at each change, for a sign-in form of the site's own: the email
   * plugin's steps, run in the secure frame as from the modal, without it. As `watchWallets`.
   *
   * ```ts
   * airlock.watchEmailSignIn((signIn) => (codeForm.hidden = signIn.step !== 'code'))
   * ```
   */
  watchEmailSignIn(listener: (signIn: EmailSignIn) => void): () => void
  /** The same for social sign-in: the providers Connect lists, where a sign-in stands, and `signIn(provider)` (call it in the click's handler: it opens the provider's popup). */
  watchSocialSignIn(listener: (signIn: SocialSignIn) => void): () => void
  /**
   * Disconnect one namespace, or every one (the default). Rejects with `DisconnectFailedError`
   * "Failed to disconnect" when the wallet does not answer within 3 s; the connection is forgotten
   * anyway.
   */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** The connected wallet's provider of a namespace (the active one by default), for the site's own calls. */
  getProvider(namespace?: ChainNamespace): WalletProvider | undefined
  /**
   * Show the banner (loading, success, error), in one of two forms: `{ variant, message,
   * description? }` shows the site's own words as they are; `{ variant, key, values?, detail? }` a
   * text of the strings table (a plugin's key is prefixed with its id: `send.sent`), in the
   * visitor's locale. Any other shape throws an `AirlockError` of category INVALID_OPTIONS.
   *
   * ```ts
   * airlock.notify({ variant: 'success', message: 'Saved' })
   * airlock.notify({ variant: 'error', key: 'balanceUnavailable' })
   * ```
   */
  notify(notification: { readonly variant: NotificationVariant } & NotificationText): void
  /** Change feature switches at run time; plugins load and unload accordingly. */
  setFeatures(features: Partial<Features>): void
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
  /**
   * Switch the locale at run time (the `locale` option's values: `en`, `de`, others read as
   * English): the modal, the buttons, plugins' strings and amounts follow at once. A value the
   * option refuses throws its `InvalidOptionsError` and changes nothing.
   *
   * ```ts
   * airlock.setLocale('de')
   * ```
   */
  setLocale(locale: string): void
  /**
   * Report a transaction of the site's own that settled on a chain (its hash once the wallet has
   * sent it and the chain has it): `TRANSACTION_SETTLED { namespace, chainId, hash, kind: 'site' }`,
   * public like the modal's sends and swaps, so the balances, history and NFTs shown for that chain
   * are read again. `chainId` is written as in CAIP-2 (`'1'`, `String(chain.id)`), as
   * `subscribeEvents` delivers it. Any other shape throws an `AirlockError` of category
   * INVALID_OPTIONS and dispatches nothing.
   *
   * ```ts
   * const hash = await walletClient.sendTransaction(request)
   * await publicClient.waitForTransactionReceipt({ hash })
   * airlock.transactionSettled({ namespace: 'eip155', chainId: String(mainnet.id), hash })
   * ```
   */
  transactionSettled(transaction: { readonly namespace: ChainNamespace; readonly chainId: string; readonly hash: string }): void
  /** The state tree now. */
  getState(): RootState
  /**
   * The state a server renders, and the browser's first render hydrates against: the site's
   * options folded through the core's reducers, before anything only the browser holds (stored
   * network and connection, wallets, remote configuration). The same on the server and in the
   * browser for the same options, so server-rendered HTML matches; `airlock/react`'s hooks use it
   * as `useSyncExternalStore`'s server snapshot, then move to `getState()` after hydration.
   */
  getServerState(): RootState
  /** The state tree as a stream: the current one, then each new one. */
  readonly state$: Observable<RootState>
  /** A slice of the state, emitted only when it changes. */
  select<T>(selector: (state: RootState) => T): Observable<T>
  /** Call `listener` for each public analytics event (core's and plugins'); returns the unsubscribe function. */
  subscribeEvents(listener: (event: PublicEvent) => void): () => void
  /** The ids of the plugins loaded so far. */
  loadedPlugins(): readonly string[]
  /**
   * Settles when every plugin load started so far has finished and the restore of a stored
   * connection after a reload has ended (the wallet answered, or the check failed), or after 5 s
   * of restoring at most: a wallet that never answers does not hold the page (the modal follows a
   * restore that ends later).
   */
  ready(): Promise<void>
  /** Stop every effect, unload the plugins and unmount the modal. */
  destroy(): void
  /**
   * The instance's inner workings, for `airlock/react` and plugins' views (`useCommands`,
   * `PluginView`, `useModuleStrings`): **not a stable API**, any member may change in any version.
   * Sites use the methods above.
   */
  readonly _internal: AirlockInternal
}

/**
 * What the modal and plugins' views work through (`airlock._internal`); not a stable API. Nothing
 * here carries a public analytics event (the core's `PUBLIC_EVENTS`, a module's `publicEvents`,
 * TRANSACTION_SETTLED) from outside Airlock's modules: those come only from the core's and the
 * plugins' own commands and effects, so `subscribeEvents` and the analytics option count what
 * happened, never what a page's script claims (a site reports its own transactions through
 * `transactionSettled`).
 */
export interface AirlockInternal {
  /**
   * Run the command `name` of the running module `moduleId` (its `commands`) with `args`, on the
   * state at its turn in the queue; an unknown module or command does nothing. What
   * `useCommands()` calls: the UI acts only through commands the modules register.
   */
  run(moduleId: string, name: string, args: readonly unknown[]): void
  /**
   * Dispatch an internal event, or a function of the state returning events (run at its turn in
   * the queue). A public event among them is refused: one `console.warn` (the `logger`) names it,
   * and it is not dispatched.
   */
  dispatch(item: AirlockEvent | Command): void
  /** Every event, in order, internal ones included (their names change between versions). */
  readonly events$: Observable<AirlockEvent>
  /**
   * The running modules (core, then plugins in load order): where the UI finds plugins' view
   * loaders, strings, account actions and commands.
   */
  modules(): readonly AnyModule[]
}
