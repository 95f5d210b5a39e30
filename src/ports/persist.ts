/**
 * Keeping a module's own storage keys (its `storage`, through the scoped `store`) in step with its
 * slice, for the plugins whose state outlives a visit (email, socials).
 */
import { ignoreElements, tap, withLatestFrom } from 'rxjs'
import type { Effect } from '../kernel/module'
import type { PortDeps } from './deps'

/**
 * An effect that writes each field of the module's slice an event changed to its key, or removes
 * the key when the value became null or false. The event that brought the stored values back
 * (`restored`) writes nothing: storage already holds them.
 *
 * ```ts
 * effects: { persist: persistSlice('email', { lastLoginAt: 'lastLoginTime', email: 'email' }, 'EMAIL_RESTORED') }
 * ```
 */
export function persistSlice(moduleId: string, keys: Readonly<Record<string, string>>, restored: string): Effect<PortDeps> {
  return (events$, state$, { store }) => {
    let written: Readonly<Record<string, unknown>> | undefined
    return events$.pipe(
      // state$ emits before events$ for each event, so the latest state is the one after it.
      withLatestFrom(state$),
      tap(([event, root]) => {
        const slice = (root as Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>)[moduleId]
        const before = written
        written = slice
        if (slice === undefined || before === undefined || slice === before || event.type === restored) return
        for (const [field, key] of Object.entries(keys)) {
          const value = slice[field]
          if (value === before[field]) continue
          if (value === null || value === false) store.remove(key)
          else store.write(key, value)
        }
      }),
      ignoreElements(),
    )
  }
}
