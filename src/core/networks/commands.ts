/**
 * Network commands: check a request against the state and return the events that carry it out,
 * or throw the SPEC §8 error. The caller dispatches the events.
 */
import { ADAPTER_NOT_FOUND, NETWORK_NOT_FOUND, NetworkNotFoundError } from '../../kernel/errors/lookup'
import { createEvent, type RootState } from '../../kernel/registry'
import type { NetworkSwitched } from '../../events/network'
import { findNetwork } from './selectors'

/** SPEC §8 thrown messages (the error classes hold them). */
export { ADAPTER_NOT_FOUND, NETWORK_NOT_FOUND }

/**
 * Switch to a configured network. Returns no event when it is already active, and throws
 * NetworkNotFoundError "Network not found" (SPEC §8) for an id the site did not configure.
 *
 * ```ts
 * switchNetwork(state, 'eip155:137').forEach(kernel.dispatch) // NETWORK_SWITCHED
 * switchNetwork(state, 'eip155:5') // throws 'Network not found'
 * ```
 */
export function switchNetwork(root: RootState, caipNetworkId: string): NetworkSwitched[] {
  const network = findNetwork(root.networks, caipNetworkId)
  if (!network) throw new NetworkNotFoundError({ caipNetworkId })
  if (root.networks.activeCaipNetworkId === network.caipNetworkId) return []
  return [createEvent('NETWORK_SWITCHED', { caipNetworkId: network.caipNetworkId })]
}
