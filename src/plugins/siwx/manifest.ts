/** The siwx plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled. */
import { definePlugin, type Features } from 'airlock/plugin'

export const siwxPlugin = definePlugin<Features>({
  id: 'siwx',
  enabledBy: (features) => features.siwx,
  load: () => import('./index'),
})
