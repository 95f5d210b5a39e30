/**
 * GET on a REST indexer below a network's endpoint (bip122's Esplora API: the same paths on a
 * local regtest node and on a public indexer). Its own chunk, loaded with the first read.
 */
import { unknown } from 'io-ts'
import { fetchJson } from './fetchJson'

/**
 * `path` below `endpoint`, the endpoint's query kept.
 *
 * ```ts
 * restUrl('http://127.0.0.1:3002/api', '/address/x') // 'http://127.0.0.1:3002/api/address/x'
 * ```
 */
export function restUrl(endpoint: string, path: string): string {
  const url = new URL(endpoint)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  return url.href
}

/** The JSON body of `path` below `endpoint`, undecoded (the adapter decodes it), or the errors of fetchJson. */
export function getRest(fetch: typeof globalThis.fetch, endpoint: string, path: string): Promise<unknown> {
  return fetchJson(fetch, restUrl(endpoint, path), unknown)
}
