/** The receive plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled (on by default, SPEC §9). */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const receivePlugin = definePlugin<Features>({
  id: 'receive',
  enabledBy: (features) => features.receive,
  load: () => import('./index'),
})
