/**
 * Storage that survives everything a browser does to it: disabled storage, quota errors, and
 * values that another version or a curious visitor left corrupt. Values are JSON, decoded with
 * an io-ts codec on load; a value that fails to decode resets only its own key, with a warning.
 */
import { isRight } from './either'
import type { Type } from 'io-ts'
import type { Logger, StorageLike } from './deps'

export type StoredRead<A> =
  { readonly status: 'missing' } | { readonly status: 'ok'; readonly value: A } | { readonly status: 'corrupt' } | { readonly status: 'unavailable' }

export interface SafeStorage {
  read<A, O>(key: string, codec: Type<A, O, unknown>): StoredRead<A>
  /** Returns false when the value could not be written (quota, disabled storage). */
  write<A, O>(key: string, codec: Type<A, O, unknown>, value: A): boolean
  remove(key: string): boolean
}

export const STORAGE_CORRUPT_WARNING = 'Airlock: a stored value was unreadable and has been reset:'
export const STORAGE_WRITE_WARNING = 'Airlock: could not write to browser storage:'

export function createSafeStorage(storage: StorageLike | undefined, logger: Logger): SafeStorage {
  function remove(key: string): boolean {
    if (!storage) return false
    try {
      storage.removeItem(key)
      return true
    } catch {
      return false
    }
  }

  return {
    read<A, O>(key: string, codec: Type<A, O, unknown>): StoredRead<A> {
      if (!storage) return { status: 'unavailable' }
      let raw: string | null
      try {
        raw = storage.getItem(key)
      } catch {
        return { status: 'unavailable' }
      }
      if (raw === null) return { status: 'missing' }
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch {
        json = undefined
      }
      const decoded = json === undefined ? undefined : codec.decode(json)
      if (decoded && isRight(decoded)) return { status: 'ok', value: decoded.right }
      logger.warn(`${STORAGE_CORRUPT_WARNING} ${key}`)
      remove(key)
      return { status: 'corrupt' }
    },
    write<A, O>(key: string, codec: Type<A, O, unknown>, value: A): boolean {
      if (!storage) return false
      try {
        storage.setItem(key, JSON.stringify(codec.encode(value)))
        return true
      } catch (error) {
        logger.warn(`${STORAGE_WRITE_WARNING} ${key}`, error)
        return false
      }
    },
    remove,
  }
}
