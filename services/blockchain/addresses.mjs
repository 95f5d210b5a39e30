// Chain ids and addresses as the Blockchain API reads and writes them: CAIP-2/CAIP-10 patterns,
// EVM and Solana address checks, the key an account is indexed under, checksummed EVM addresses.
import { base58 } from '@scure/base'
import { getAddress } from 'viem'

export const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/
export const CAIP10 = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

const isSolanaAddress = (value) => {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}
export const namespaceOf = (caip2) => caip2.split(':')[0]
export const validAddress = (caip2, address) => (namespaceOf(caip2) === 'eip155' ? EVM_ADDRESS.test(address) : isSolanaAddress(address))
/** The key an address is indexed under: EVM addresses are case-insensitive, base58 is not. */
export const accountKey = (caip2, address) => (namespaceOf(caip2) === 'eip155' ? address.toLowerCase() : address)

export const topicAddress = (topic) => `0x${topic.slice(-40)}`.toLowerCase()
/** An EVM address as written in answers: checksummed ('' stays ''). */
export const written = (address) => (address ? getAddress(address) : '')

export function normalizeChainId(chainId) {
  if (typeof chainId === 'number' || /^\d+$/.test(String(chainId))) return `eip155:${chainId}`
  if (typeof chainId === 'string' && CAIP2.test(chainId)) return chainId
  throw new TypeError(`tokens: not a chain id: ${chainId}`)
}
