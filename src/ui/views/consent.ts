/**
 * The visitor's tick of the legal checkbox (SPEC §9 "legal checkbox"), per Airlock instance, for
 * the page's life: it outlives the Connect view (All wallets and back, a closed and reopened
 * modal) and is not stored, so a reload asks again.
 */
import { useCallback, useSyncExternalStore } from 'react'
import { useAirlock } from '../react/context'

interface ConsentStore {
  agreed: boolean
  readonly listeners: Set<() => void>
}

const stores = new WeakMap<object, ConsentStore>()

function storeOf(instance: object): ConsentStore {
  let store = stores.get(instance)
  if (!store) {
    store = { agreed: false, listeners: new Set() }
    stores.set(instance, store)
  }
  return store
}

/** Whether the visitor ticked the box, and the setter. */
export function useConsent(): readonly [boolean, (agreed: boolean) => void] {
  const store = storeOf(useAirlock())
  const subscribe = useCallback(
    (listener: () => void) => {
      store.listeners.add(listener)
      return () => store.listeners.delete(listener)
    },
    [store],
  )
  const agreed = useSyncExternalStore(subscribe, () => store.agreed)
  const set = useCallback(
    (value: boolean) => {
      store.agreed = value
      for (const listener of store.listeners) listener()
    },
    [store],
  )
  return [agreed, set]
}
