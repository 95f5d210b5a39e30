/**
 * The identity plugin's manifest: eager and tiny. The connected EVM account's name and avatar
 * (SPEC §4 identity sync) from the Blockchain API; not loaded when the site configured none. Part
 * of the account, not a feature a site switches: always on where a Blockchain API is. What it reads
 * shows only in the modal: a page that never opens it loads nothing of it. (Comments stay out of
 * the object: the library build keeps those in the page's first load.)
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const identityPlugin = definePlugin<Features>({
  id: 'identity',
  enabledBy: () => true,
  needs: ['blockchainApi'],
  deferUntilOpened: true,
  load: () => import('./index'),
})
