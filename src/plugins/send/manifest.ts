/**
 * The send plugin's manifest: eager and tiny (SPEC §9: send is on by default). Its module is its
 * own chunk, loaded when enabled; not deferred to the modal's first open, so a site's
 * `open('WalletSend')` finds the view registered.
 */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const sendPlugin = definePlugin<Features>({
  id: 'send',
  enabledBy: (features) => features.send,
  // It shows only in the modal: a page that never opens it loads nothing of it (`open(view)` of
  // one of its views loads it first).
  deferUntilOpened: true,
  load: () => import('./index'),
})
