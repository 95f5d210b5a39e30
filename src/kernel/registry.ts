/**
 * The typed registries the rest of the code base extends by module augmentation.
 *
 * `EventRegistry` maps an event type to its full event shape (`{ type, payload }`), and
 * `StateRegistry` maps a module id to the shape of its state slice. The kernel declares only
 * its own events; `src/events` and the core add theirs by this module's path, every plugin (ours
 * too: tests/lint/pluginRegistrations.test.ts) through the SDK, `declare module 'airlock/plugin'`:
 *
 * ```ts
 * declare module '../kernel/registry' {
 *   interface EventRegistry { MODAL_OPEN: ModalOpen }
 *   interface StateRegistry { router: RouterState }
 * }
 * ```
 */
import type { ModuleError, PluginLoaded, PluginUnloaded } from './kernelEvents'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StateRegistry {}

export interface EventRegistry {
  MODULE_ERROR: ModuleError
  PLUGIN_LOADED: PluginLoaded
  PLUGIN_UNLOADED: PluginUnloaded
}

export type EventType = keyof EventRegistry & string

/**
 * The public analytics events (`subscribeEvents`, DESIGN "Events"): the type of every event a
 * module lists in `publicEvents` (the core's `PUBLIC_EVENTS` too), mapped to `true`. The payload
 * is the event's own, from `EventRegistry`. A plugin adds its public events as it adds its events:
 *
 * ```ts
 * declare module 'airlock/plugin' {
 *   interface PublicEventRegistry { EXAMPLE_MESSAGE_SIGNED: true }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PublicEventRegistry {}

/** The type of a public analytics event: a registered event type some module publishes. */
export type PublicEventType = keyof PublicEventRegistry & EventType

/** Any event known to the compiler: the union of every registered event shape. */
export type AirlockEvent = EventRegistry[EventType]

/** The event of one type. */
export type EventOf<K extends EventType> = EventRegistry[K]

/** The payload of one event type. */
export type PayloadOf<K extends EventType> = EventRegistry[K] extends { payload: infer P } ? P : never

/** The whole state tree: one slice per loaded module. Plugin slices are optional. */
export type RootState = Readonly<StateRegistry> & Readonly<Record<string, unknown>>

/**
 * Build an event from its type and payload, checked by the compiler.
 *
 * ```ts
 * dispatch(createEvent('MODAL_OPEN', { view: 'Connect' }))
 * ```
 */
export function createEvent<K extends EventType>(type: K, payload: PayloadOf<K>): EventOf<K> {
  return { type, payload } as unknown as EventOf<K>
}

/** Type guard for one event type. */
export function isEvent<K extends EventType>(event: { type: string }, type: K): event is EventOf<K> {
  return event.type === type
}
