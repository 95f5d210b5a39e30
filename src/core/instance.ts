/** What `createAirlock` returns: the surface site owners use. */
import type { Observable } from 'rxjs'
import type { AirlockEvent, RootState } from '../kernel/registry'
import type { ChainNamespace } from '../events/shapes/namespace'
import type { Features } from '../events/shapes/features'
import type { ThemeMode, ThemeVariables } from '../events/shapes/options'
import type { RouteData } from '../events/router'
import type { NotificationVariant } from '../events/notification'

/** A public analytics event as `subscribeEvents` delivers it. */
export interface PublicEvent {
  readonly type: string
  readonly payload: unknown
  /** When the event was dispatched, in ms since the epoch (from the injected clock). */
  readonly timestamp: number
}

export interface AirlockInstance {
  /** Open the modal, on a view if given (otherwise Connect, or Account when connected). */
  open(view?: string, data?: RouteData): void
  /** Close the modal; does nothing while closing is disabled (SPEC §2). */
  close(): void
  /** Switch the active network; throws "Network not found" for an id the site did not configure. */
  switchNetwork(caipNetworkId: string): void
  /** Connect through a connector (an id from `state.connectors.connectors`). */
  connect(connectorId: string): Promise<void>
  /** Disconnect one namespace, or every one. */
  disconnect(namespace?: ChainNamespace): Promise<void>
  notify(notification: { readonly variant: NotificationVariant; readonly message: string; readonly description?: string }): void
  setFeatures(features: Partial<Features>): void
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
  /** Dispatch an event (for the UI and plugins; sites use the methods above). */
  dispatch(event: AirlockEvent): void
  getState(): RootState
  readonly state$: Observable<RootState>
  readonly events$: Observable<AirlockEvent>
  select<T>(selector: (state: RootState) => T): Observable<T>
  /** Call `listener` for each public analytics event; returns the unsubscribe function. */
  subscribeEvents(listener: (event: PublicEvent) => void): () => void
  loadedPlugins(): readonly string[]
  /** Settles when every plugin load started so far has finished. */
  ready(): Promise<void>
  destroy(): void
}
