/** Read the state through a selector, re-rendering only when the selected value changes. */
import { useCallback, useSyncExternalStore } from 'react'
import type { RootState } from '../../kernel/registry'
import { useAirlock } from './context'

/**
 * The selector must return a stable value (a slice, a primitive, or a memoised object), as the
 * core's exported selectors do.
 *
 * ```tsx
 * const open = useAirlockState((state) => state.router.open)
 * ```
 */
export function useAirlockState<T>(selector: (state: RootState) => T): T {
  const airlock = useAirlock()
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = airlock.state$.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    [airlock],
  )
  const read = () => selector(airlock.getState())
  return useSyncExternalStore(subscribe, read, read)
}
