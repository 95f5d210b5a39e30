/** The notification banner slice (SPEC §2: variants loading, success and error). */
import type { NotificationText, NotificationVariant } from '../../events/notification'

export interface NotificationsState {
  /** Whether a banner is showing. */
  readonly open: boolean
  /** The sequence number of the last banner shown; 0 before the first. */
  readonly id: number
  /** The last banner's variant, or null before the first. Kept after closing for the exit animation. */
  readonly variant: NotificationVariant | null
  /** What the last banner says: a strings key (with values and detail) or the site's own text. */
  readonly text: NotificationText | null
}

export const initialNotificationsState: NotificationsState = {
  open: false,
  id: 0,
  variant: null,
  text: null,
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    notifications: NotificationsState
  }
}
