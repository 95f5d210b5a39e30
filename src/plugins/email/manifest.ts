/** The email plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const emailPlugin = definePlugin<Features>({
  id: 'email',
  enabledBy: (features) => features.email,
  load: () => import('./index'),
})
