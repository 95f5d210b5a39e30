/** Event builders for the banner, so callers need not spell the payloads. */
import { createEvent } from '../../kernel/registry'
import type { NotificationRequested, NotificationText, NotificationVariant } from '../../events/notification'

/**
 * Ask for a banner (SPEC §2): a strings key (`{ key, values?, detail? }`, the product's own
 * texts) or the site's words (`{ message, description? }`).
 *
 * ```ts
 * kernel.dispatch(requestNotification('error', { key: 'balanceUnavailable' }))
 * kernel.dispatch(requestNotification('success', { message: 'Saved', description: 'All good' }))
 * ```
 */
export function requestNotification(variant: NotificationVariant, text: NotificationText): NotificationRequested {
  return createEvent('NOTIFICATION_REQUESTED', { variant, ...text })
}
