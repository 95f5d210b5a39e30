/**
 * The swap plugin's manifest: eager and tiny. Its module is its own chunk, loaded when enabled.
 * It shows only in the modal: a page that never opens it loads nothing of it, even with swaps on
 * (remote configuration turns them on by default); `open('Swap')` loads it first.
 *
 * It needs the Blockchain API: every swap call is the API's (SPEC §7: /v1/convert/quotes, tokens,
 * allowance, gas-price, build-transaction, build-approve) and "Swap, gas price and swap-calldata
 * calls are refused when the active network is not supported by the blockchain API" (§5). A page
 * with none offers no Swap. (Comments here, not in the object: the library build keeps those,
 * in the first load.)
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const swapPlugin = definePlugin<Features>({
  id: 'swap',
  enabledBy: (features) => features.swaps,
  needs: ['blockchainApi'],
  deferUntilOpened: true,
  load: () => import('./index'),
})
