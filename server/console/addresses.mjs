// Accounts as the console names them: CAIP-10 (`namespace:reference:address`, SPEC §5: exactly
// three colon-separated non-empty parts). An eip155 address is written checksummed (EIP-55), so
// `eip155:1:0xabc…` and `eip155:1:0xABC…` are one owner; other namespaces' addresses are case
// sensitive (base58, bech32) and kept as given. The chain is part of the account: an owner added
// as eip155:1 signs in on eip155:1 (a contract account on one chain is not the same one elsewhere).
import { getAddress, isAddress } from 'viem'

const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT = /^[-.%a-zA-Z0-9]{1,128}$/

/**
 * The account `text` names, in the one form the console stores, or undefined when it is not a
 * CAIP-10 account id (an eip155 one also needs 0x and 40 hex digits, with a valid checksum when
 * mixed case).
 *
 * ```js
 * normalizeAccount('eip155:1:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 * normalizeAccount('eip155:1') // undefined
 * ```
 */
export function normalizeAccount(text) {
  if (typeof text !== 'string' || text.length > 180) return undefined
  const parts = text.split(':')
  if (parts.length !== 3) return undefined
  const [namespace, reference, address] = parts
  if (!NAMESPACE.test(namespace) || !REFERENCE.test(reference) || !ACCOUNT.test(address)) return undefined
  if (namespace === 'eip155') {
    if (!/^\d+$/.test(reference) || !isAddress(address, { strict: true })) return undefined
    return `${namespace}:${reference}:${getAddress(address)}`
  }
  return text
}

/** The CAIP-10 account of a SIWX session (its chain id is CAIP-2), normalised; undefined if it cannot be read. */
export const sessionAccount = (chainId, address) => normalizeAccount(`${chainId}:${address}`)
