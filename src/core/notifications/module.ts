/** The notifications module, id `notifications` (SPEC §2 notification banner). */
import { defineModule } from '../../kernel/module'
import { initialNotificationsState, type NotificationsState } from './state'
import { reduceNotifications } from './reducer'
import { showNotifications } from './effects'

/**
 * The banner with variants loading, success and error: close-then-reopen after 150 ms, success
 * and error close themselves after 3 s.
 *
 * ```ts
 * createKernel({ modules: [notificationsModule], deps: defaultDeps() })
 * ```
 */
export const notificationsModule = defineModule<NotificationsState>({
  id: 'notifications',
  initialState: initialNotificationsState,
  fold: (state, event) => reduceNotifications(state, event),
  effects: { showNotifications },
})
