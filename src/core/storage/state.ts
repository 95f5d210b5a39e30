/**
 * The storage slice: a mirror of what browser storage should hold (SPEC §3). Reducers keep it in
 * step with the domain events; the write effect copies each changed value to storage.
 */
import type { StoredValues } from '../../events/shapes/storage'

/** Every field optional: an absent field is a key that storage should not hold. */
export type StorageState = StoredValues

export const initialStorageState: StorageState = {}

declare module '../../kernel/registry' {
  interface StateRegistry {
    storage: StorageState
  }
}
