/** The storage module, id `storage` (SPEC §3 browser storage). */
import { defineModule, type Module } from '../../kernel/module'
import { initialStorageState, type StorageState } from './state'
import { reduceStorage } from './reducer'
import { writeEffect } from './effects'

export { hydrate } from './hydrate'

/**
 * Create the storage module: a mirror of what browser storage should hold, set by
 * STORAGE_HYDRATED and kept in step by the domain events, and the effect that writes each changed
 * value. Reading happens once at start with `hydrate`, whose result the instance dispatches.
 *
 * ```ts
 * const kernel = createKernel({ modules: [createStorageModule()], deps })
 * kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: hydrate(createSafeStorage(deps.storage, deps.logger)) }))
 * ```
 */
export function createStorageModule(): Module<StorageState> {
  return defineModule<StorageState>({
    id: 'storage',
    initialState: initialStorageState,
    fold: (state, event) => reduceStorage(state, event),
    effects: { write: writeEffect },
  })
}

/** The storage module, ready to pass to the kernel. */
export const storageModule = createStorageModule()
