/**
 * The names plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled
 * (SPEC §9: names are eip155 only). Suggestions and registration are the Blockchain API's (SPEC
 * §7): not loaded where there is none. It shows only in the modal: a page that never opens it loads
 * nothing of it (`open(view)` of one of its views loads it first). (Comments stay out of the
 * object: the library build keeps those in the page's first load.)
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const namesPlugin = definePlugin<Features>({
  id: 'names',
  enabledBy: (features) => features.names,
  needs: ['blockchainApi'],
  deferUntilOpened: true,
  load: () => import('./index'),
})
