/** An in-memory key-value store with the sign client's storage interface (IKeyValueStorage). */
export interface KeyValueStore {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export function memoryKeyValueStore(): KeyValueStore {
  const map = new Map<string, unknown>()
  // Values go through JSON, as they would through IndexedDB, so no live object is shared.
  const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T))
  return {
    getKeys: async () => [...map.keys()],
    getEntries: async <T>() => [...map.entries()].map(([k, v]) => [k, copy(v) as T] as [string, T]),
    getItem: async <T>(key: string) => copy(map.get(key) as T | undefined),
    setItem: async <T>(key: string, value: T) => {
      map.set(key, copy(value))
    },
    removeItem: async (key: string) => {
      map.delete(key)
    },
  }
}
