/** The send plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const sendPlugin = definePlugin<Features>({
  id: 'send',
  enabledBy: (features) => features.send,
  load: () => import('./index'),
})
