/**
 * The chain RPC URL shape of SPEC §7: `{rpc host}/v1/?chainId={id}&projectId={id}`, the chain id
 * being the CAIP-2 id.
 *
 * ```ts
 * rpcUrl('https://rpc.example', 'eip155:1', 'p1') // 'https://rpc.example/v1/?chainId=eip155%3A1&projectId=p1'
 * ```
 */
export function rpcUrl(rpcHost: string, caipNetworkId: string, projectId: string): string {
  const url = new URL('v1/', rpcHost.endsWith('/') ? rpcHost : `${rpcHost}/`)
  url.searchParams.set('chainId', caipNetworkId)
  url.searchParams.set('projectId', projectId)
  return url.toString()
}
