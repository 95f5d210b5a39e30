/**
 * The identity plugin's manifest: eager and tiny. The connected EVM account's name and avatar
 * (SPEC §4 identity sync) from the Blockchain API; not loaded when the site configured none.
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const identityPlugin = definePlugin<Features>({
  id: 'identity',
  // Part of the account, not a feature a site switches: always on where a Blockchain API is.
  enabledBy: () => true,
  needs: ['blockchainApi'],
  // What it reads shows only in the modal: a page that never opens it loads nothing of it.
  deferUntilOpened: true,
  load: () => import('./index'),
})
