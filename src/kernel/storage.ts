/**
 * Storage that survives everything a browser does to it: disabled storage, quota errors, and
 * values that another version or a curious visitor left corrupt. Values are JSON, decoded with
 * an io-ts codec on load; a value that fails to decode resets only its own key, with a warning.
 */
import { isRight } from './either'
import type { Mixed, Type } from 'io-ts'
import { AirlockError, ErrorCategory } from './errors'
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

/**
 * A module's own storage keys (DESIGN "Plugins"): the names its `storage` declares, each under
 * `@airlock/<moduleId>/<name>` and decoded with its declared codec. A corrupt value resets only
 * its own key, with a warning; a name the module did not declare is refused with an error.
 */
export interface ScopedStore {
  /** The names this store holds (the module's declared ones). */
  readonly names: readonly string[]
  /** The decoded value of one of the module's keys; undefined when missing, unreadable or corrupt (then reset). */
  read<A = unknown>(name: string): A | undefined
  /** Store a value (encoded with the name's codec); false when it could not be written (quota, disabled storage). */
  write<A>(name: string, value: A): boolean
  remove(name: string): boolean
}

/** The key of a module's stored value. `scopedKey('send', 'recentReceivers') // '@airlock/send/recentReceivers'` */
export const scopedKey = (moduleId: string, name: string): string => `@airlock/${moduleId}/${name}`

/** The message of an access to a name the module did not declare. */
export const UNDECLARED_STORAGE_KEY = 'Storage key not declared'

/**
 * The store of one module over the page's safe storage.
 *
 * ```ts
 * const store = createScopedStore(createSafeStorage(localStorage, console), 'send', { recentReceivers: t.array(t.string) })
 * store.write('recentReceivers', ['0xab…'])   // localStorage['@airlock/send/recentReceivers'] = '["0xab…"]'
 * store.read<string[]>('recentReceivers')     // ['0xab…']
 * store.read('other')                         // throws AirlockError 'Storage key not declared'
 * ```
 */
export function createScopedStore(safe: SafeStorage, moduleId: string, declared: Readonly<Record<string, Mixed>> = {}): ScopedStore {
  const codecOf = (name: string): Mixed => {
    if (!Object.prototype.hasOwnProperty.call(declared, name)) {
      const known = Object.keys(declared)
      throw new AirlockError(UNDECLARED_STORAGE_KEY, {
        category: ErrorCategory.STORAGE,
        details: `Module "${moduleId}" has no storage key "${name}"; ${known.length === 0 ? 'it declares none' : `it declares ${known.join(', ')}`}. Declare it in the module's \`storage\`.`,
      })
    }
    return declared[name] as Mixed
  }
  return {
    names: Object.keys(declared),
    read<A>(name: string): A | undefined {
      const result = safe.read(scopedKey(moduleId, name), codecOf(name))
      return result.status === 'ok' ? (result.value as A) : undefined
    },
    write<A>(name: string, value: A): boolean {
      return safe.write(scopedKey(moduleId, name), codecOf(name), value)
    },
    remove(name: string): boolean {
      codecOf(name)
      return safe.remove(scopedKey(moduleId, name))
    },
  }
}
