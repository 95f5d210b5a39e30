/** The swap plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const swapPlugin = definePlugin<Features>({
  id: 'swap',
  enabledBy: (features) => features.swaps,
  load: () => import('./index'),
})
