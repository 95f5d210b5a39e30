/** Writing the storage mirror to browser storage (SPEC §3). */
import { defer, ignoreElements, switchMap, take } from 'rxjs'
import { eventsWithState } from '../../kernel/operators'
import type { Effect } from '../../kernel/module'
import type { RootState } from '../../kernel/registry'
import { createSafeStorage, type SafeStorage } from '../../kernel/storage'
import { STORED_NAMES, storageEntries, type StoredName, type StoredValue } from './keys'
import type { StorageState } from './state'

export const STORAGE_EFFECT_WARNING = 'Airlock: could not update browser storage:'

function sliceOf(root: RootState): StorageState | undefined {
  return (root as Readonly<Record<string, unknown>>).storage as StorageState | undefined
}

function writeOne<K extends StoredName>(storage: SafeStorage, name: K, value: StorageState[K]): void {
  const { key, codec } = storageEntries[name]
  if (value === undefined) storage.remove(key)
  else storage.write(key, codec, value as StoredValue<K>)
}

/**
 * Write each value of the storage slice that changed (by reference) since the last event: write
 * it, or remove its key when it became undefined. The STORAGE_HYDRATED event itself writes
 * nothing: the mirror then equals what storage holds (corrupt keys were already removed). Storage
 * goes through safe storage, so disabled storage and quota errors only log a warning; the effect
 * never throws and emits no events.
 *
 * ```ts
 * defineModule({ id: 'storage', ..., effects: { write: writeEffect } })
 * ```
 */
export const writeEffect: Effect = (events$, state$, deps) =>
  defer(() => {
    const storage = createSafeStorage(deps.storage, deps.logger)
    return state$.pipe(
      take(1),
      switchMap((root) => {
        let written = sliceOf(root)
        // state$ emits before events$ for each event, so the latest state is the one after it.
        // Every event passes here: eventsWithState, no array per event (issue 27 §1).
        return eventsWithState(events$, state$, (event, after) => {
          const slice = sliceOf(after)
          const previous = written
          written = slice
          if (slice === undefined || slice === previous || event.type === 'STORAGE_HYDRATED') return
          for (const name of STORED_NAMES) {
            if (slice[name] === previous?.[name]) continue
            try {
              writeOne(storage, name, slice[name])
            } catch (error) {
              // Safe storage already catches storage errors; this guards a value JSON cannot hold.
              deps.logger.warn(`${STORAGE_EFFECT_WARNING} ${storageEntries[name].key}`, error)
            }
          }
        })
      }),
      ignoreElements(),
    )
  })
