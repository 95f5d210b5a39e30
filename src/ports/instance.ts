/** What `createAirlock` returns: the surface site owners use. */
import type { Observable } from 'rxjs'
import type { AirlockEvent, RootState } from '../kernel/registry'
import type { AnyModule, Command } from '../kernel/module'
import type { ChainNamespace } from '../events/shapes/namespace'
import type { Features } from '../events/shapes/features'
import type { ThemeMode, ThemeVariables } from '../events/shapes/options'
import type { RouteData } from '../events/router'
import type { NotificationText, NotificationVariant } from '../events/notification'
import type { ViewName } from '../events/views'
import type { WalletProvider } from './wallet'
import type { DecodedEvent } from '../events/catalogue'

/** A public analytics event as `subscribeEvents` delivers it. */
export interface PublicEvent {
  readonly type: string
  readonly payload: unknown
  /** When the event was dispatched, in ms since the epoch (from the injected clock). */
  readonly timestamp: number
}

export interface AirlockInstance {
  /**
   * Open the modal, on a view if given (otherwise Connect, or Account when connected). A view of a
   * plugin that is still loading opens once it has loaded; a view no module registers is not
   * opened: the promise rejects with the VIEW_NOT_FOUND message (that event is dispatched too).
   */
  open(view?: ViewName, data?: RouteData): Promise<void>
  /** Close the modal; does nothing while closing is disabled (SPEC §2). */
  close(): void
  /**
   * Switch the active network; throws "Network not found" for an id the site did not configure.
   * With a wallet connected in that namespace the wallet is asked first (adding the chain when it
   * does not know it); the promise rejects when the wallet refuses.
   */
  switchNetwork(caipNetworkId: string): Promise<void>
  /**
   * Connect through a connector (an id from `state.connectors.connectors`). Settles when the
   * wallet answers: rejects with the wallet's message when the visitor declines or it fails.
   */
  connect(connectorId: string): Promise<void>
  /** Disconnect one namespace, or every one; rejects with "Failed to disconnect" after 3 s without an answer. */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /** The connected wallet's provider of a namespace (the active one by default), for the site's own calls. */
  getProvider(namespace?: ChainNamespace): WalletProvider | undefined
  /**
   * Show the banner: `{ variant, message, description? }` shows the site's own words as they are;
   * `{ variant, key, values?, detail? }` a text of the strings table (a plugin's key is prefixed
   * with its id: `send.sent`), in the visitor's locale.
   */
  notify(notification: { readonly variant: NotificationVariant } & NotificationText): void
  setFeatures(features: Partial<Features>): void
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
  /**
   * Dispatch an event, or a command run on the state at its turn in the queue (for the UI and
   * plugins, through `useCommands`; sites use the methods above).
   */
  dispatch(item: AirlockEvent | Command): void
  getState(): RootState
  readonly state$: Observable<RootState>
  readonly events$: Observable<AirlockEvent>
  select<T>(selector: (state: RootState) => T): Observable<T>
  /** Call `listener` for each public analytics event; returns the unsubscribe function. */
  subscribeEvents(listener: (event: PublicEvent) => void): () => void
  /**
   * Decode an untrusted value (a message, a stored log) into an event of the core or of a loaded
   * module (its `events` codecs). Never throws: `{ ok: false, error }` for anything else.
   */
  decodeEvent(value: unknown): DecodedEvent
  loadedPlugins(): readonly string[]
  /** The running modules (core, then plugins in load order): where the UI finds plugins' view loaders, strings and commands. */
  modules(): readonly AnyModule[]
  /** Settles when every plugin load started so far has finished. */
  ready(): Promise<void>
  destroy(): void
}
