/**
 * Where the frame keeps what outlives a page load: its device key, the sealed wallet keys and the
 * session. In the browser it is the frame origin's IndexedDB (./indexedDbStore.ts), which the page
 * cannot read; values are stored by structured clone, so a non-extractable CryptoKey is kept as
 * the key object itself, never as bytes.
 */
export interface KeyValueStore {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  delete(key: string): Promise<void>
  /**
   * Stores `value` unless `key` holds one already, in one transaction, and resolves to what `key`
   * holds after: two tabs of the frame making a device key at once end up with the same one.
   */
  setIfAbsent(key: string, value: unknown): Promise<unknown>
}

/** A store that lives as long as the page: for tests, and for Node. */
export function memoryStore(): KeyValueStore {
  const entries = new Map<string, unknown>()
  return {
    get: async (key) => (entries.has(key) ? structuredClone(entries.get(key)) : undefined),
    set: async (key, value) => {
      entries.set(key, structuredClone(value))
    },
    delete: async (key) => {
      entries.delete(key)
    },
    setIfAbsent: async (key, value) => {
      if (!entries.has(key)) entries.set(key, structuredClone(value))
      return structuredClone(entries.get(key))
    },
  }
}
