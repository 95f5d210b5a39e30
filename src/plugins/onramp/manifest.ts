/**
 * The onramp plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled
 * (features.onramp, locally or by remote configuration), not before the modal first opens: Buy is
 * an Account action, so a page that never opens the modal loads nothing of it (`open('BuyCrypto')`
 * loads it first).
 *
 * It needs the Blockchain API: Buy opens the provider at the address the API makes (SPEC §7: "POST
 * /v1/generators/onrampurl … response field read: url"); the built-in options and the placeholder
 * quote (§7 "Onramp options fail: built-in defaults are used", "Quote fails: a placeholder quote")
 * cannot stand in for it. A page with none offers no Buy.
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const onrampPlugin = definePlugin<Features>({
  id: 'onramp',
  enabledBy: (features) => features.onramp,
  needs: ['blockchainApi'],
  deferUntilOpened: true,
  load: () => import('./index'),
})
