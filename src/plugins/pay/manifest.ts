/**
 * The pay plugin's manifest: eager and tiny. Its module is its own chunk, loaded when the `pay`
 * feature is on (SPEC §9: off by default) and the modal first opens, which `pay(airlock, request)`
 * does; a page that never asks for a payment loads nothing of it.
 *
 * It needs the Blockchain API: the exchanges, their payment pages and the payments' status are its
 * paths (GET /v1/exchanges, POST /v1/exchanges/pay-url, GET /v1/exchanges/status).
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const payPlugin = definePlugin<Features>({
  id: 'pay',
  enabledBy: (features) => features.pay,
  needs: ['blockchainApi'],
  deferUntilOpened: true,
  load: () => import('./index'),
})
