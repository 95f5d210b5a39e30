/**
 * The onramp plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled
 * (features.onramp, locally or by remote configuration), not before the modal first opens: Buy is
 * an Account action, so a page that never opens the modal loads nothing of it (`open('BuyCrypto')`
 * loads it first).
 */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const onrampPlugin = definePlugin<Features>({
  id: 'onramp',
  enabledBy: (features) => features.onramp,
  deferUntilOpened: true,
  load: () => import('./index'),
})
