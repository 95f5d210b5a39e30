/**
 * Selectors over the notifications slice. Each returns a value held in state, so the same state
 * gives the same reference and `useSyncExternalStore` does not loop.
 */
import type { RootState } from '../../kernel/registry'
import type { NotificationsState } from './state'

/**
 * The banner: whether it is open, its id, variant, message and description.
 *
 * ```ts
 * const { open, variant, message } = selectNotification(kernel.getState())
 * ```
 */
export function selectNotification(state: RootState): NotificationsState {
  return state.notifications
}
