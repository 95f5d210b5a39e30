/**
 * The notifications module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/notifications/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import type { Draft } from 'immer'
import type { AirlockEvent } from '../../../src/kernel/registry'
import type { NotificationText } from '../../../src/events/notification'
import type { NotificationsState } from '../../../src/core/notifications/state'

/**
 * The text part of a banner payload, without its other fields: a key with its values and detail,
 * or the site's message with its description.
 *
 * ```ts
 * notificationText({ variant: 'error', key: 'balanceUnavailable' }) // { key: 'balanceUnavailable' }
 * ```
 */
export function notificationText(payload: NotificationText): NotificationText {
  if ('key' in payload) {
    const { key, values, detail } = payload
    return { key, ...(values === undefined ? {} : { values }), ...(detail === undefined ? {} : { detail }) }
  }
  const { message, description } = payload
  return description === undefined ? { message } : { message, description }
}

/**
 * Fold one event into the notifications slice. NOTIFICATION_SHOWN stores the banner with the id
 * the effect gave it and its text (a strings key, or the site's own words); NOTIFICATION_CLOSED
 * only clears `open`, keeping the content so the banner can animate out. Any other event leaves the slice untouched (same reference).
 *
 * ```ts
 * produce(initialNotificationsState, (d) => reduceNotifications(d, createEvent('NOTIFICATION_CLOSED', {})))
 * ```
 */
export function reduceNotifications(draft: Draft<NotificationsState>, event: AirlockEvent): void {
  switch (event.type) {
    case 'NOTIFICATION_SHOWN': {
      const { id, variant } = event.payload
      draft.open = true
      draft.id = id
      draft.variant = variant
      draft.text = notificationText(event.payload)
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
