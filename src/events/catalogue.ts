/**
 * The event catalogue: every core event's codec by type, which of them are public analytics
 * events, and the registration of their types with the compiler.
 *
 * Analytics consumers see only the public ones (`subscribeEvents`), under the industry's names so
 * that existing dashboards keep working. Plugins add their own events through their module's
 * `events` and `publicEvents`, and augment `EventRegistry` the same way as below.
 */
import type * as t from 'io-ts'
import { isRight } from '../kernel/either'
import { kernelEventCodecs } from '../kernel/kernelEvents'
import type { AirlockEvent } from '../kernel/registry'
import { optionsEvents } from './options'
import { networkEvents } from './network'
import { connectionEvents } from './connection'
import { connectorEvents } from './connectors'
import { accountEvents } from './account'
import { routerEvents } from './router'
import { notificationEvents } from './notification'
import { walletCatalogEvents } from './walletCatalog'
import { storageEvents } from './storage'

// Built in a call marked pure: a bundler keeps an object spread it cannot prove free of getters, so
// the spread itself kept every event codec in a page that never decodes an event (issue 27 §1).
export const coreEventCodecs = /* @__PURE__ */ (() => ({
  ...kernelEventCodecs,
  ...optionsEvents,
  ...networkEvents,
  ...connectionEvents,
  ...connectorEvents,
  ...accountEvents,
  ...routerEvents,
  ...notificationEvents,
  ...walletCatalogEvents,
  ...storageEvents,
}))()

type CoreCodecs = typeof coreEventCodecs
type CoreEvents = { [K in keyof CoreCodecs]: t.TypeOf<CoreCodecs[K]> }

/** The core's public analytics events (`PUBLIC_EVENTS` lists them at run time). */
type CorePublicEventType =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'USER_REJECTED'
  | 'DISCONNECT_SUCCESS'
  | 'DISCONNECT_ERROR'
  | 'ACTIVE_CONNECTION_CHANGED'
  | 'SWITCH_NETWORK'
  | 'SET_PREFERRED_ACCOUNT_TYPE'
  | 'CLICK_ALL_WALLETS'

declare module '../kernel/registry' {
  // Every core event type maps to the type its codec decodes.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends CoreEvents {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PublicEventRegistry extends Record<CorePublicEventType, true> {}
}

/**
 * The public analytics events of the core, by the industry's existing names. (A name missing here
 * but in `CorePublicEventType` fails tests/docs/publicEvents.test.ts.)
 */
export const PUBLIC_EVENTS: ReadonlySet<string> = new Set<CorePublicEventType>([
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'SELECT_WALLET',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'USER_REJECTED',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  'ACTIVE_CONNECTION_CHANGED',
  'SWITCH_NETWORK',
  'SET_PREFERRED_ACCOUNT_TYPE',
  'CLICK_ALL_WALLETS',
])

/** SPEC §5: "Message payloads must match known event types, otherwise parsing fails." */
export const UNKNOWN_EVENT_TYPE = 'Message payloads must match known event types'

/** What `decodeEvent` answers: the event, or why the value is none. */
export type DecodedEvent = { ok: true; event: AirlockEvent } | { ok: false; error: string }

/**
 * The event codecs the modules add (`Module.events`), merged by type: what widens the catalogue
 * for `decodeEvent`. A core type is never replaced (the core codec is looked up first).
 *
 * ```ts
 * decodeEvent(value, moduleEventCodecs(kernel.modules()))
 * ```
 */
export function moduleEventCodecs(modules: readonly { readonly events?: Readonly<Record<string, t.Mixed>> }[]): Readonly<Record<string, t.Mixed>> {
  const codecs: Record<string, t.Mixed> = {}
  for (const module of modules) Object.assign(codecs, module.events)
  return codecs
}

/**
 * Decode an untrusted value (from postMessage, storage, a test) into a known event: a core one,
 * or one of `extra` (the loaded modules' codecs, `moduleEventCodecs`). Never throws; an unknown
 * type fails with SPEC §5's words.
 *
 * ```ts
 * decodeEvent({ type: 'MODAL_CLOSE', payload: { connected: true } }) // { ok: true, event }
 * ```
 */
export function decodeEvent(value: unknown, extra: Readonly<Record<string, t.Mixed>> = {}): DecodedEvent {
  if (typeof value !== 'object' || value === null || !('type' in value) || typeof value.type !== 'string') {
    return { ok: false, error: 'Not an event: missing type' }
  }
  const type = value.type
  const codec: t.Mixed | undefined = Object.prototype.hasOwnProperty.call(coreEventCodecs, type)
    ? coreEventCodecs[type as keyof CoreCodecs]
    : Object.prototype.hasOwnProperty.call(extra, type)
      ? extra[type]
      : undefined
  if (!codec) return { ok: false, error: `${UNKNOWN_EVENT_TYPE}: unknown type "${type}"` }
  const result = codec.decode(value)
  return isRight(result) ? { ok: true, event: result.right as AirlockEvent } : { ok: false, error: `Invalid payload for ${type}` }
}
