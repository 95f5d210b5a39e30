/** The placeholder the active network becomes when a wallet reports a chain the site did not configure. */
import type { CaipNetwork } from '../../events/shapes/network'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { formatCaipNetworkId, parseCaipNetworkId } from '../../validation/caip2'

/** The name shown for a chain the site did not configure. */
export const UNKNOWN_NETWORK_NAME = 'Unknown Network'

/**
 * Build the unsupported placeholder (SPEC §4: "If the reported chain is not among the configured
 * networks, the active network becomes an unsupported placeholder"). A chain id that cannot form a
 * CAIP-2 reference (a wallet may report anything) becomes `unknown`, so the placeholder is always
 * a well-formed network.
 *
 * ```ts
 * unsupportedNetwork('eip155', 5)
 * // { id: 5, name: 'Unknown Network', caipNetworkId: 'eip155:5', chainNamespace: 'eip155', … }
 * ```
 */
export function unsupportedNetwork(namespace: ChainNamespace, chainId: string | number): CaipNetwork {
  const reference = String(chainId)
  const caipNetworkId = parseCaipNetworkId(`${namespace}:${reference}`).ok
    ? formatCaipNetworkId({ namespace, reference })
    : formatCaipNetworkId({ namespace, reference: 'unknown' })
  return {
    id: chainId,
    name: UNKNOWN_NETWORK_NAME,
    nativeCurrency: { name: '', symbol: '', decimals: 0 },
    rpcUrls: { default: { http: [] } },
    caipNetworkId,
    chainNamespace: namespace,
  }
}
