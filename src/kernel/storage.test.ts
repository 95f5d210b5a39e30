import { describe, expect, it, vi } from 'vitest'
import * as t from 'io-ts'
import { createSafeStorage, STORAGE_CORRUPT_WARNING } from './storage'
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
