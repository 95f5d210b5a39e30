/** The siwx plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const siwxPlugin = definePlugin<Features>({
  id: 'siwx',
  enabledBy: (features) => features.siwx,
  load: () => import('./index'),
})
