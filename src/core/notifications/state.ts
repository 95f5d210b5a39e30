/** The notification banner slice (SPEC §2: variants loading, success and error). */
import type { NotificationVariant } from '../../events/notification'

export interface NotificationsState {
  /** Whether a banner is showing. */
  readonly open: boolean
  /** The sequence number of the last banner shown; 0 before the first. */
  readonly id: number
  /** The last banner's variant, or null before the first. Kept after closing for the exit animation. */
  readonly variant: NotificationVariant | null
  readonly message: string
  readonly description: string | null
}

export const initialNotificationsState: NotificationsState = {
  open: false,
  id: 0,
  variant: null,
  message: '',
  description: null,
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    notifications: NotificationsState
  }
}
