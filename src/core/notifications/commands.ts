/** Event builders for the banner, so callers need not spell the payloads. */
import { createEvent } from '../../kernel/registry'
import type { NotificationClosed, NotificationRequested, NotificationVariant } from '../../events/notification'

/**
 * Ask for a banner (SPEC §2). The description is left out when not given.
 *
 * ```ts
 * kernel.dispatch(requestNotification('error', 'Connection declined', 'Try again'))
 * ```
 */
export function requestNotification(variant: NotificationVariant, message: string, description?: string): NotificationRequested {
  return createEvent('NOTIFICATION_REQUESTED', description === undefined ? { variant, message } : { variant, message, description })
}

/**
 * Close the banner now (the visitor dismissed it).
 *
 * ```ts
 * kernel.dispatch(closeNotification())
 * ```
 */
export function closeNotification(): NotificationClosed {
  return createEvent('NOTIFICATION_CLOSED', {})
}
