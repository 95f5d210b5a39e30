/** Reading storage at start (SPEC §3 browser storage). */
import type { SafeStorage } from '../../kernel/storage'
import type { StoredValues } from '../../events/shapes/storage'
import { RECENT_WALLETS_KEPT, STORED_NAMES, storageEntries, type StoredName, type StoredValue } from './keys'

function readOne<K extends StoredName>(storage: SafeStorage, name: K): StoredValue<K> | undefined {
  const { key, codec } = storageEntries[name]
  const read = storage.read(key, codec)
  return read.status === 'ok' ? read.value : undefined
}

function assign<K extends StoredName>(target: StoredValues, name: K, value: StoredValues[K]): void {
  target[name] = value
}

/**
 * Read every key of SPEC §3 through safe storage and return what decoded, for the
 * STORAGE_HYDRATED event. A missing or corrupt key is absent (safe storage resets a corrupt key,
 * only that one, with a warning); disabled storage gives `{}`. Never throws.
 *
 * ```ts
 * dispatch(createEvent('STORAGE_HYDRATED', { values: hydrate(createSafeStorage(deps.storage, deps.logger)) }))
 * ```
 */
export function hydrate(storage: SafeStorage): StoredValues {
  const values: StoredValues = {}
  for (const name of STORED_NAMES) {
    const value = readOne(storage, name)
    if (value !== undefined) assign(values, name, value)
  }
  // An older version may have kept more: SPEC §9 keeps the latest 2, newest first.
  if (values.recentWallets !== undefined && values.recentWallets.length > RECENT_WALLETS_KEPT) {
    values.recentWallets = values.recentWallets.slice(0, RECENT_WALLETS_KEPT)
  }
  return values
}
