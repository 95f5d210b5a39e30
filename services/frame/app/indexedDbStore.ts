/** The frame's KeyValueStore over its origin's IndexedDB: one database, one object store. */
import type { KeyValueStore } from './store'

const STORE = 'kv'

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

const committed = (transaction: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error)
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
  })

export async function openIndexedDbStore(factory: IDBFactory, name = 'airlock-frame'): Promise<KeyValueStore> {
  const opening = factory.open(name, 1)
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE)
  const db = await done(opening)

  const write = async (action: (store: IDBObjectStore) => void) => {
    const transaction = db.transaction(STORE, 'readwrite')
    action(transaction.objectStore(STORE))
    await committed(transaction)
  }

  return {
    get: (key) => done(db.transaction(STORE, 'readonly').objectStore(STORE).get(key)),
    set: (key, value) => write((store) => store.put(value, key)),
    delete: (key) => write((store) => store.delete(key)),
    async setIfAbsent(key, value) {
      // One readwrite transaction: IndexedDB runs overlapping ones on a store one after the other.
      const transaction = db.transaction(STORE, 'readwrite')
      const store = transaction.objectStore(STORE)
      const existing = await done(store.get(key))
      if (existing === undefined) store.put(value, key)
      await committed(transaction)
      return existing === undefined ? value : existing
    },
  }
}
