/**
 * The send plugin's manifest: eager and tiny (SPEC §9: send is on by default). Its module is its
 * own chunk, loaded when enabled. It shows only in the modal: a page that never opens it loads
 * nothing of it (`open(view)` of one of its views loads it first).
 *
 * It does not need the Blockchain API: SPEC §5 asks of a send only "an amount and a receiver
 * address" and "a token", and §7 names no Blockchain API call a send makes. Without the API it
 * offers the native currency, whose balance, fee and transfer go over the chain's RPC
 * (selectors.ts `nativeBalance`); names are then not looked up
 * (tests/unit/withoutBlockchainApi.test.ts).
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const sendPlugin = definePlugin<Features>({
  id: 'send',
  enabledBy: (features) => features.send,
  deferUntilOpened: true,
  load: () => import('./index'),
})
