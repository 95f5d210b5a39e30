/**
 * The receive plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled
 * (on by default, SPEC §9). It shows only in the modal: a page that never opens it loads nothing of
 * it (`open(view)` of one of its views loads it first). (Comments stay out of the object: the
 * library build keeps those in the page's first load.)
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const receivePlugin = definePlugin<Features>({
  id: 'receive',
  enabledBy: (features) => features.receive,
  deferUntilOpened: true,
  load: () => import('./index'),
})
