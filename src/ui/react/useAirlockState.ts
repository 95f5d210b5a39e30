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
  // On the server and while hydrating, the options-only state both sides share: the browser's
  // instance has read its storage (the stored network, a connection being restored) at creation,
  // and rendering that before hydration ends would not match the server's HTML. React renders
  // again with `read` once hydrated.
  const readServer = () => selector(airlock.getServerState())
  return useSyncExternalStore(subscribe, read, readServer)
}
