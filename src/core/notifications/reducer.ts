/** The notifications reducer: shows and closes the SPEC §2 banner. */
import type { Draft } from 'immer'
import type { AirlockEvent } from '../../kernel/registry'
import type { NotificationsState } from './state'

/**
 * Fold one event into the notifications slice. NOTIFICATION_SHOWN stores the banner with the id
 * the effect gave it; NOTIFICATION_CLOSED only clears `open`, keeping the content so the banner
 * can animate out. Any other event leaves the slice untouched (same reference).
 *
 * ```ts
 * produce(initialNotificationsState, (d) => reduceNotifications(d, createEvent('NOTIFICATION_CLOSED', {})))
 * ```
 */
export function reduceNotifications(draft: Draft<NotificationsState>, event: AirlockEvent): void {
  switch (event.type) {
    case 'NOTIFICATION_SHOWN': {
      const { id, variant, message, description } = event.payload
      draft.open = true
      draft.id = id
      draft.variant = variant
      draft.message = message
      draft.description = description ?? null
      return
    }
    case 'NOTIFICATION_CLOSED': {
      if (draft.open) draft.open = false
      return
    }
    default:
      return
  }
}
