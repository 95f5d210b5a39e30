/** The siwx plugin's effects. */
import { distinctUntilChanged, map, skipWhile } from 'rxjs'
import type { Effect, AirlockEvent, RootState } from 'airlock/plugin'

/** The views a visitor may not close while sign-in is required and no session exists (SPEC §2). */
export const SIGN_AND_APPROVE_VIEWS = ['SIWXSignMessage', 'ApproveTransaction']

/**
 * Whether the plugin holds its lock on closing: sign-in is required and no session exists.
 *
 * ```ts
 * closeLocked(root) // true with `siwx: { required: true }` and no session
 * ```
 */
export const closeLocked = (root: RootState): boolean => (root.options.resolved?.siwx?.required ?? false) && !(root.siwx?.hasSession ?? false)

/**
 * Keep the router's close lock in step with the plugin's state: CLOSE_LOCKED on the sign and
 * approve views, CLOSE_UNLOCKED, when it changes (the router releases it when the plugin unloads).
 */
export const closeLock: Effect = (_events$, state$) =>
  state$.pipe(
    map(closeLocked),
    distinctUntilChanged(),
    // The router holds no lock of ours until the first: an unlock before it would be a no-op in the log.
    skipWhile((locked) => !locked),
    // Written out rather than createEvent, which would split a chunk shared with the first load.
    map((locked): AirlockEvent =>
      locked ? { type: 'CLOSE_LOCKED', payload: { by: 'siwx', views: SIGN_AND_APPROVE_VIEWS } } : { type: 'CLOSE_UNLOCKED', payload: { by: 'siwx' } },
    ),
  )
