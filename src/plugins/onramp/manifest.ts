/** The onramp plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const onrampPlugin = definePlugin<Features>({
  id: 'onramp',
  enabledBy: (features) => features.onramp,
  load: () => import('./index'),
})
