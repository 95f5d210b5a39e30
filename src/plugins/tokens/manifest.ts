/**
 * The tokens plugin's manifest: eager and tiny. The Tokens tab of Account (SPEC §2) on the
 * namespaces with balances (SPEC §9: eip155 and solana); its module is its own chunk, its view
 * another, loaded when first shown. Balances are part of the account, not a feature a site
 * switches: always on. What it reads shows only in the modal: a page that never opens it loads
 * nothing of it. (Comments stay out of the object: the library build keeps those in the page's
 * first load.)
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const tokensPlugin = definePlugin<Features>({
  id: 'tokens',
  enabledBy: () => true,
  needs: ['blockchainApi'],
  deferUntilOpened: true,
  load: () => import('./index'),
})
