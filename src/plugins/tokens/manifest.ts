/**
 * The tokens plugin's manifest: eager and tiny. The Tokens tab of Account (SPEC §2) on the
 * namespaces with balances (SPEC §9: eip155 and solana); its module is its own chunk, its view
 * another, loaded when first shown.
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const tokensPlugin = definePlugin<Features>({
  id: 'tokens',
  // Balances are part of the account, not a feature a site switches: always on.
  enabledBy: () => true,
  needs: ['blockchainApi'],
  // What it reads shows only in the modal: a page that never opens it loads nothing of it.
  deferUntilOpened: true,
  load: () => import('./index'),
})
