/**
 * A plugin's events, declared once (issue 26 §4): its event codecs by type, and which of them are
 * public. The same declaration gives the module its `events` and `publicEvents`, and the compiler
 * the plugin's registry entries, so no list is written twice:
 *
 * ```ts
 * export const swapEvents = defineEvents(
 *   { SWAP_REQUESTED: SwapRequested, SWAP_SUCCESS: SwapSuccess, TRANSACTION_SETTLED: TransactionSettled },
 *   { public: ['SWAP_SUCCESS', 'TRANSACTION_SETTLED'] },
 * )
 * declare module 'airlock/plugin' {
 *   interface EventRegistry extends EventsOf<typeof swapEvents> {}
 *   interface PublicEventRegistry extends PublicEventsOf<typeof swapEvents> {}
 * }
 * export default defineModule({ …, events: swapEvents.codecs, publicEvents: swapEvents.public })
 * ```
 *
 * Each codec is a `defineEvent` (or an event the SDK defines, such as `TransactionSettled`); a key
 * that is not its codec's type, or a public event that is not among them, does not compile.
 */
import type * as t from 'io-ts'

/** An event codec: `{ type, payload }` whose `type` is the literal `K`. */
export type EventCodec<K extends string = string> = t.Mixed & { readonly _A: { readonly type: K; readonly payload: unknown } }

/** What `defineEvents` returns: the codecs for the module's `events`, the public types for its `publicEvents`. */
export interface EventsDefinition<C extends { readonly [K in keyof C & string]: EventCodec<K> }, P extends keyof C & string> {
  readonly codecs: C
  readonly public: readonly P[]
}

/** Declare a plugin's events: codecs by event type, and its public ones (`public`, none when left out). */
export function defineEvents<const C extends { readonly [K in keyof C & string]: EventCodec<K> }, const P extends keyof C & string = never>(
  codecs: C,
  options?: { readonly public?: readonly P[] },
): EventsDefinition<C, P> {
  return { codecs, public: options?.public ?? [] }
}

/** A definition's `EventRegistry` entries: each type with its event (`interface EventRegistry extends EventsOf<typeof events> {}`). */
export type EventsOf<D> = D extends { readonly codecs: infer C } ? { [K in keyof C & string]: C[K] extends t.Mixed ? t.TypeOf<C[K]> : never } : never

/** A definition's `PublicEventRegistry` entries: its public types (`interface PublicEventRegistry extends PublicEventsOf<typeof events> {}`). */
export type PublicEventsOf<D> = D extends { readonly public: readonly (infer P extends string)[] } ? { [K in P]: true } : never
