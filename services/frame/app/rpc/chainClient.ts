/**
 * viem public clients for the frame's chains, over viem's `http` transport with the frame's
 * `fetch`. One per chain and fetch, kept: a client holds no secrets, and reusing it keeps viem's
 * request de-duplication and caches.
 */
import { createPublicClient, defineChain, http, type Chain, type PublicClient, type Transport } from 'viem'
import type { FrameChain, RpcContext } from '../rpcContext'

export type ChainClient = PublicClient<Transport, Chain>

const clients = new WeakMap<typeof fetch, Map<string, ChainClient>>()

/** The viem chain for a frame chain: its id and RPC URL (the frame serves EVM chains with ether-like native currency for fees). */
export function viemChain(chain: FrameChain): Chain {
  return defineChain({
    id: chain.chainId,
    name: `Chain ${chain.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
}

/** The client of `chain` (default: the current one). */
export function chainClient(ctx: RpcContext, chain: FrameChain = ctx.chain()): ChainClient {
  let byChain = clients.get(ctx.fetch)
  if (!byChain) clients.set(ctx.fetch, (byChain = new Map()))
  const key = `${chain.chainId} ${chain.rpcUrl}`
  let client = byChain.get(key)
  if (!client) {
    client = createPublicClient({ chain: viemChain(chain), transport: http(chain.rpcUrl, { fetchFn: ctx.fetch, retryCount: 1 }), pollingInterval: 250 })
    byChain.set(key, client)
  }
  return client
}
