/**
 * The siwx plugin's events: codecs by type (the module's `events`) and their types by declaration
 * merging. Each codec is `{ type, payload }` written out (what `defineEvent` makes), so the core
 * helper does not become a chunk of its own shared with the first load.
 */
import * as t from 'io-ts'

/** Whether a sign-in (SIWX) session exists now (SPEC §4 sign-in flow). */
export const SiwxSessionChanged = t.type({ type: t.literal('SIWX_SESSION_CHANGED'), payload: t.type({ hasSession: t.boolean }) })
export type SiwxSessionChanged = t.TypeOf<typeof SiwxSessionChanged>

export const siwxEvents = { SIWX_SESSION_CHANGED: SiwxSessionChanged }

declare module '../../kernel/registry' {
  interface EventRegistry {
    SIWX_SESSION_CHANGED: SiwxSessionChanged
  }
}
