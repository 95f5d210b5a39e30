/** What picking a network in the modal's network list does. */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { goBack } from '../router/commands'
import { selectView } from '../router/selectors'
import { View } from '../router/views'
import { selectActiveCaipNetworkId, selectAllNetworks } from './selectors'

/**
 * Pick a network in the modal's list: ask to switch (through the connected wallet, or at once
 * without one; SPEC §4). Picking the active network in SwitchNetwork just goes back, as a switch
 * does once it is done (the router's rule on NETWORK_SWITCHED). A network the site did not
 * configure is not in the list, and does nothing.
 *
 * ```ts
 * pickNetwork(state, 'eip155:137') // [NETWORK_SWITCH_REQUESTED { caipNetworkId: 'eip155:137' }]
 * ```
 */
export function pickNetwork(state: RootState, caipNetworkId: string): AirlockEvent[] {
  if (!selectAllNetworks(state).some((network) => network.caipNetworkId === caipNetworkId)) return []
  if (selectActiveCaipNetworkId(state) !== caipNetworkId) return [createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId })]
  return selectView(state) === View.SwitchNetwork ? goBack(state) : []
}
