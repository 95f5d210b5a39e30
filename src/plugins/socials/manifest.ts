/** The socials plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin } from '../../kernel/plugin'
import type { Features } from '../../events/shapes/features'

export const socialsPlugin = definePlugin<Features>({
  id: 'socials',
  enabledBy: (features) => features.socials !== false && features.socials.length > 0,
  load: () => import('./index'),
})
