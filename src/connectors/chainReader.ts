/**
 * The chain RPC endpoint of a network (SPEC §7 chain RPC) and a reader over it with the retries
 * of SPEC §7 and §9.
 *
 * Our reading of which URL to use: the site's `customRpcUrls` for the network first, then the
 * network's own RPC URL (a site that defines a chain means its URL), and the
 * `{rpc host}/v1/?chainId=…&projectId=…` shape only for a network without one, when the site set an
 * rpc host. Only networks the site configured are read: the unsupported placeholder has nothing to
 * read from.
 */
import type { ChainReader } from '../chains/adapter'
import type { CaipNetwork } from '../events/shapes/network'
import type { Deps } from '../kernel/deps'
import type { RootState } from '../kernel/registry'
import { findNetwork } from '../core/networks/selectors'
import { resolveRpcUrl } from '../remote/rpc/rpcUrl'
import type { RpcClient } from '../remote/rpc/client'

/** A reader with retries over the network's endpoint, or undefined without one. */
export function chainReader(network: CaipNetwork, root: RootState, deps: Deps): ChainReader | undefined {
  const options = root.options.resolved
  if (!options || !deps.fetch || !findNetwork(root.networks, network.caipNetworkId)) return undefined
  const own = network.rpcUrls.default.http[0]
  const url = resolveRpcUrl({
    caipNetworkId: network.caipNetworkId,
    customRpcUrls: options.customRpcUrls,
    rpcHost: options.apiUrls.rpc,
    projectId: options.projectId,
    ...(own ? { defaultRpcUrl: own } : {}),
  })
  if (url === undefined) return undefined
  const fetch = deps.fetch
  const { clock, scheduler } = deps
  // The client (retries, Retry-After, error decoding) loads with the first read, not with the page;
  // its waits and time-outs run on the instance's scheduler and clock (`deps`, also the reader's `time`).
  let client: Promise<RpcClient> | undefined
  return {
    time: deps,
    async request(method, params) {
      client ??= import('../remote/rpc/client').then((m) => m.createRpcClient({ url, fetch, scheduler, clock }))
      return (await client).request(method, params === undefined ? [] : [...params])
    },
    async get(path) {
      // A REST indexer (bip122's Esplora): its client loads with the first read, as the RPC one does.
      return (await import('../remote/rest')).getRest(fetch, url, path)
    },
  }
}
