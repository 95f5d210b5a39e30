/**
 * Chain RPC URLs (SPEC §7 chain RPC).
 *
 * `rpcUrl` builds the shape `{rpc host}/v1/?chainId={id}&projectId={id}`, the chain id being the
 * CAIP-2 id; a bare number is taken as an EVM chain id (`1` → `eip155:1`).
 *
 * `resolveRpcUrl` picks the URL for a network: the site's `customRpcUrls` entry for its CAIP-2 id
 * first, then the network's own `defaultRpcUrl`, then the rpc-host shape when the site set an rpc
 * host (there is no default one); undefined when none applies.
 *
 * ```ts
 * rpcUrl('https://rpc.example', 'eip155:1', 'p1') // 'https://rpc.example/v1/?chainId=eip155%3A1&projectId=p1'
 * resolveRpcUrl({
 *   caipNetworkId: 'eip155:1',
 *   customRpcUrls: { 'eip155:1': [{ url: 'https://my-node.example' }] },
 *   rpcHost: 'https://rpc.example',
 *   projectId: 'p1',
 * }) // 'https://my-node.example'
 * ```
 */
export function rpcUrl(rpcHost: string, chainId: number | string, projectId: string): string {
  const url = new URL('v1/', rpcHost.endsWith('/') ? rpcHost : `${rpcHost}/`)
  url.searchParams.set('chainId', typeof chainId === 'number' ? `eip155:${chainId}` : chainId)
  url.searchParams.set('projectId', projectId)
  return url.toString()
}

export interface ResolveRpcUrlInput {
  /** CAIP-2 id, e.g. 'eip155:1'. */
  readonly caipNetworkId: string
  /** The site's custom RPC URLs, keyed by CAIP-2 id; the first of a network's list is used. */
  readonly customRpcUrls?: Readonly<Record<string, readonly { readonly url: string }[]>>
  /** The site's rpc host (options.apiUrls.rpc), or null when it set none. */
  readonly rpcHost: string | null
  readonly projectId: string
  /** The network's own RPC URL (from its chain definition), if any. */
  readonly defaultRpcUrl?: string
}

export function resolveRpcUrl(input: ResolveRpcUrlInput): string | undefined {
  const custom = input.customRpcUrls?.[input.caipNetworkId]?.[0]?.url
  if (custom) return custom
  if (input.defaultRpcUrl) return input.defaultRpcUrl
  return input.rpcHost === null ? undefined : rpcUrl(input.rpcHost, input.caipNetworkId, input.projectId)
}
