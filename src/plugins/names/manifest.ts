/** The names plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled (SPEC §9: names are eip155 only). */
import { definePlugin, type Features } from 'airlock/plugin'

export const namesPlugin = definePlugin<Features>({
  id: 'names',
  enabledBy: (features) => features.names,
  // Suggestions and registration are the Blockchain API's (SPEC §7): not loaded where there is none.
  needs: ['blockchainApi'],
  // It shows only in the modal: a page that never opens it loads nothing of it (`open(view)` of
  // one of its views loads it first).
  deferUntilOpened: true,
  load: () => import('./index'),
})
