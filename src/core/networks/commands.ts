/**
 * Network commands: check a request against the state and return the events that carry it out,
 * or throw the SPEC §8 error. The caller dispatches the events.
 */
import { isRight } from '../../kernel/either'
import { InvalidOptionsError } from '../../kernel/errors/options'
import { ADAPTER_NOT_FOUND, AdapterNotFoundError, NETWORK_NOT_FOUND, NetworkNotFoundError } from '../../kernel/errors/lookup'
import { createEvent, type RootState } from '../../kernel/registry'
import type { NetworkAdded, NetworkSwitched } from '../../events/network'
import { CaipNetwork } from '../../events/shapes/network'
import { describeDecodeError } from '../options/report'
import { normalizeNetwork } from './defineChain'
import { findNetwork } from './selectors'

/** SPEC §8 thrown messages (the error classes hold them). */
export { ADAPTER_NOT_FOUND, NETWORK_NOT_FOUND }

/**
 * Add a network at run time (SPEC §5: needs an existing adapter for the namespace; duplicates are
 * ignored by the reducer). The network is decoded first, since it comes from the site's code.
 *
 * ```ts
 * kernel.dispatch(addNetwork(kernel.getState(), base))
 * addNetwork(state, bitcoin) // throws AdapterNotFoundError 'Adapter not found' without a bip122 adapter
 * ```
 */
export function addNetwork(root: RootState, network: CaipNetwork): NetworkAdded {
  const decoded = CaipNetwork.decode(network)
  if (!isRight(decoded)) {
    throw new InvalidOptionsError('Invalid network', { details: describeDecodeError(decoded.left, 'network') })
  }
  if (!root.networks.adapters.includes(decoded.right.chainNamespace)) {
    throw new AdapterNotFoundError({ namespace: decoded.right.chainNamespace })
  }
  return createEvent('NETWORK_ADDED', { network: normalizeNetwork(decoded.right) })
}

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
