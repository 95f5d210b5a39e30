import { describe, expect, it, vi } from 'vitest'
import * as t from 'io-ts'
import { createSafeStorage, createScopedStore, scopedKey, STORAGE_CORRUPT_WARNING, UNDECLARED_STORAGE_KEY } from './storage'
import { AirlockError, ErrorCategory } from './errors'
import { memoryStorage, type StorageLike } from './deps'

const logger = () => ({ warn: vi.fn(), error: vi.fn() })
const Codec = t.type({ n: t.number })

describe('safe storage', () => {
  it('reads back what it wrote through the codec', () => {
    const storage = createSafeStorage(memoryStorage(), logger())
    expect(storage.write('k', Codec, { n: 1 })).toBe(true)
    expect(storage.read('k', Codec)).toEqual({ status: 'ok', value: { n: 1 } })
    expect(storage.read('missing', Codec)).toEqual({ status: 'missing' })
  })

  it('resets only the corrupt key, with a warning', () => {
    const raw = memoryStorage({ bad: '{"n":"x"}', broken: '{', good: '{"n":2}' })
    const log = logger()
    const storage = createSafeStorage(raw, log)
    expect(storage.read('bad', Codec).status).toBe('corrupt')
    expect(storage.read('broken', Codec).status).toBe('corrupt')
    expect(raw.dump()).toEqual({ good: '{"n":2}' })
    expect(log.warn).toHaveBeenCalledWith(`${STORAGE_CORRUPT_WARNING} bad`)
  })

  it('survives storage that throws on every call (disabled storage)', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('SecurityError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    const storage = createSafeStorage(throwing, logger())
    expect(storage.read('k', Codec)).toEqual({ status: 'unavailable' })
    expect(storage.write('k', Codec, { n: 1 })).toBe(false)
    expect(storage.remove('k')).toBe(false)
  })

  it('survives a quota error on write and keeps the old value', () => {
    const raw = memoryStorage({ k: '{"n":1}' })
    const full: StorageLike = {
      ...raw,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    const storage = createSafeStorage(full, logger())
    expect(storage.write('k', Codec, { n: 2 })).toBe(false)
    expect(storage.read('k', Codec)).toEqual({ status: 'ok', value: { n: 1 } })
  })

  it('reports unavailable when there is no storage at all (server rendering)', () => {
    expect(createSafeStorage(undefined, logger()).read('k', Codec)).toEqual({ status: 'unavailable' })
  })
})

describe("a module's scoped store", () => {
  const declared = { greeting: t.string, count: Codec }

  it('keeps each declared name under @airlock/<moduleId>/<name>, as JSON through its codec', () => {
    const raw = memoryStorage()
    const store = createScopedStore(createSafeStorage(raw, logger()), 'example', declared)
    expect(store.names).toEqual(['greeting', 'count'])
    expect(store.write('greeting', 'hello')).toBe(true)
    expect(store.write('count', { n: 3 })).toBe(true)
    expect(raw.dump()).toEqual({ '@airlock/example/greeting': '"hello"', '@airlock/example/count': '{"n":3}' })
    expect(store.read('greeting')).toBe('hello')
    expect(store.read('count')).toEqual({ n: 3 })
    expect(store.remove('greeting')).toBe(true)
    expect(store.read('greeting')).toBeUndefined()
    expect(scopedKey('send', 'recent')).toBe('@airlock/send/recent')
  })

  it("resets only the corrupt key, with a warning; core keys and the module's other keys stay", () => {
    const raw = memoryStorage({
      '@airlock/connection_status': '"connected"',
      '@airlock/active_namespace': '"eip155"',
      '@airlock/example/greeting': '"hello"',
      '@airlock/example/count': '{"n":"not a number"}',
      '@airlock/other/count': '{"n":"not a number"}',
    })
    const log = logger()
    const store = createScopedStore(createSafeStorage(raw, log), 'example', declared)
    expect(store.read('count')).toBeUndefined()
    expect(log.warn).toHaveBeenCalledWith(`${STORAGE_CORRUPT_WARNING} @airlock/example/count`)
    expect(raw.dump()).toEqual({
      '@airlock/connection_status': '"connected"',
      '@airlock/active_namespace': '"eip155"',
      '@airlock/example/greeting': '"hello"',
      // Another module's key, corrupt too, is its own business: untouched until it reads it.
      '@airlock/other/count': '{"n":"not a number"}',
    })
    expect(store.read('greeting')).toBe('hello')
  })

  it('refuses a name the module did not declare, naming the ones it did, and touches nothing', () => {
    const raw = memoryStorage({ '@airlock/example/secret': '"x"' })
    const store = createScopedStore(createSafeStorage(raw, logger()), 'example', declared)
    for (const access of [() => store.read('secret'), () => store.write('secret', 'y'), () => store.remove('secret'), () => store.read('toString')]) {
      const error = (() => {
        try {
          access()
        } catch (e) {
          return e
        }
        return undefined
      })()
      expect(error).toBeInstanceOf(AirlockError)
      expect(error).toMatchObject({ message: UNDECLARED_STORAGE_KEY, category: ErrorCategory.STORAGE })
      expect((error as AirlockError).details).toContain('greeting, count')
    }
    expect(raw.dump()).toEqual({ '@airlock/example/secret': '"x"' })
  })

  it('a module that declares nothing can store nothing', () => {
    const store = createScopedStore(createSafeStorage(memoryStorage(), logger()), 'core')
    expect(store.names).toEqual([])
    expect(() => store.write('anything', 1)).toThrow(UNDECLARED_STORAGE_KEY)
  })
})
