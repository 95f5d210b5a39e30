/**
 * The chain RPC endpoint of a network (SPEC §7 chain RPC) and a reader over it with the retries
 * of SPEC §7 and §9.
 *
 * Our reading of which URL to use: the site's `customRpcUrls` for the network first, then the
 * network's own RPC URL (every chain definition carries one; a site that defines a chain means
 * its URL), and the `{rpc host}/v1/?chainId=…&projectId=…` shape only for a network without one.
 */
import type { ChainReader } from '../chains/adapter'
import type { CaipNetwork } from '../events/shapes/network'
import type { Deps } from '../kernel/deps'
import type { RootState } from '../kernel/registry'
import { createRpcClient, rpcUrl } from '../remote/rpc'

export function networkRpcUrl(network: CaipNetwork, root: RootState): string | undefined {
  const options = root.options.resolved
  const custom = options?.customRpcUrls[network.caipNetworkId]?.[0]?.url
  if (custom) return custom
  const own = network.rpcUrls.default.http[0]
  if (own) return own
  if (network.name === 'Unknown Network' || !options) return undefined
  return rpcUrl(options.apiUrls.rpc, network.caipNetworkId, options.projectId)
}

/** A reader with retries over the network's endpoint, or undefined without one. */
export function chainReader(network: CaipNetwork, root: RootState, deps: Deps): ChainReader | undefined {
  const url = networkRpcUrl(network, root)
  if (!url || !deps.fetch) return undefined
  const client = createRpcClient({ url, fetch: deps.fetch })
  return { request: (method, params) => client.request(method, params === undefined ? [] : [...params]) }
}
