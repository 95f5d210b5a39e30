/**
 * The notifications reducer: shows and closes the SPEC §2 banner. A plain fold (the module's
 * `fold`, no Immer draft: issue 27 §1): a new slice when something changed, else the same one.
 */
import type { AirlockEvent } from '../../kernel/registry'
import type { NotificationText } from '../../events/notification'
import type { NotificationsState } from './state'

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
 * reduceNotifications(initialNotificationsState, createEvent('NOTIFICATION_CLOSED', {})) // initialNotificationsState
 * ```
 */
export function reduceNotifications(state: NotificationsState, event: AirlockEvent): NotificationsState {
  switch (event.type) {
    case 'NOTIFICATION_SHOWN': {
      const { id, variant } = event.payload
      // The text is a new object each time: a banner shown again is a change, as it was with a draft.
      return { ...state, open: true, id, variant, text: notificationText(event.payload) }
    }
    case 'NOTIFICATION_CLOSED':
      return state.open ? { ...state, open: false } : state
    default:
      return state
  }
}
