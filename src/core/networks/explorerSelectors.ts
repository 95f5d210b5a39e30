/**
 * The block explorer page of an address (SPEC §3 addressExplorerUrl): the network's explorer with
 * `/address/<address>` added to its path, any query it carries kept (the Solana explorer's
 * `?cluster=custom&customUrl=…` for a local chain). Etherscan-style, the Solana explorer,
 * mempool.space and Esplora all use that path. Only an https: explorer, or an http: one on the
 * local machine, gives a link: a network definition is site data, not a place for javascript: URLs.
 */
import type { RootState } from '../../kernel/registry'
import type { CaipNetwork } from '../../events/shapes/network'
import { selectActiveNetwork } from './selectors'

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * ```ts
 * addressExplorerUrl(ethereum, '0xf39F…') // 'https://etherscan.io/address/0xf39F…'
 * addressExplorerUrl(localSolana, 'Hq4…') // 'https://explorer.solana.com/address/Hq4…?cluster=custom&customUrl=…'
 * ```
 */
export function addressExplorerUrl(network: Pick<CaipNetwork, 'blockExplorers'>, address: string): string | null {
  const base = network.blockExplorers?.default.url
  if (!base) return null
  let url: URL
  try {
    url = new URL(base)
  } catch {
    return null
  }
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))
  if (!allowed) return null
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`
  return url.href
}

/** The explorer page of the active account on the active network, or null. `selectAddressExplorerUrl(state) // 'https://etherscan.io/address/0x…'` */
export function selectAddressExplorerUrl(state: RootState): string | null {
  const network = selectActiveNetwork(state)
  const namespace = state.networks.activeNamespace
  const address = namespace === null ? null : state.account.accounts[namespace].address
  return network && address ? addressExplorerUrl(network, address) : null
}
