/** What picking a network in the modal's network list does. */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { goBack, pushView, replaceView } from '../router/commands'
import { selectView } from '../router/selectors'
import { View } from '../router/views'
import { findNetwork, selectActiveCaipNetworkId, selectAllNetworks } from './selectors'

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
  const network = selectAllNetworks(state).find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) return []
  const namespace = network.chainNamespace
  const { connectedNamespaces } = state.connection
  // SPEC §2/§4: a network of another namespace, where no wallet is connected while one is
  // elsewhere, goes through SwitchActiveChain: it says a wallet must be connected there, then
  // switches and goes to Connect in place of itself.
  if (namespace !== state.networks.activeNamespace && connectedNamespaces.length > 0 && !connectedNamespaces.includes(namespace)) {
    return pushView(state, View.SwitchActiveChain, { caipNetworkId, switchToChain: namespace, navigateTo: View.Connect, navigateWithReplace: true })
  }
  if (selectActiveCaipNetworkId(state) !== caipNetworkId) return [createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId })]
  return selectView(state) === View.SwitchNetwork ? goBack(state) : []
}

/**
 * SwitchActiveChain's button: switch to the network it took (the is-switching-namespace flag is
 * set, SPEC §4), then go where it was told to (Connect), in its place when told to replace. Does
 * nothing on another view or for a network the site does not configure.
 *
 * ```ts
 * switchActiveChain(state) // [ROUTER_REPLACE Connect, NETWORK_SWITCH_REQUESTED { caipNetworkId: 'solana:…' }]
 * ```
 */
export function switchActiveChain(state: RootState): AirlockEvent[] {
  const route = state.router.history.at(-1)
  if (route?.view !== View.SwitchActiveChain) return []
  const { caipNetworkId, navigateTo, navigateWithReplace } = route.data ?? {}
  if (caipNetworkId === undefined || !findNetwork(state.networks, caipNetworkId)) return []
  const next = navigateTo ?? View.Connect
  // The view moves first: the switch's NETWORK_SWITCHED must find Connect, not a picker to leave.
  const navigate = navigateWithReplace ? replaceView(state, next) : pushView(state, next)
  return [...navigate, createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId })]
}
