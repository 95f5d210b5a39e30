/** The names plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const namesPlugin = definePlugin<Features>({
  id: 'names',
  enabledBy: (features) => features.names,
  load: () => import('./index'),
})
