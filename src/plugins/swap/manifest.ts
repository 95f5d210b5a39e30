/** The swap plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const swapPlugin = definePlugin<Features>({
  id: 'swap',
  enabledBy: (features) => features.swaps,
  // It shows only in the modal: a page that never opens it loads nothing of it, even with swaps on
  // (remote configuration turns them on by default); `open('Swap')` loads it first.
  deferUntilOpened: true,
  load: () => import('./index'),
})
