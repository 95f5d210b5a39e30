/**
 * The CAIP grammar shared by CAIP-2 network ids and CAIP-10 account ids
 * (https://chainagnostic.org/CAIPs/caip-2, https://chainagnostic.org/CAIPs/caip-10). The patterns
 * are anchored so a part can be checked on its own; none of them admits a colon, which is what makes
 * splitting on `:` sound.
 */
import { quote } from './describeInput'

/** A namespace such as `eip155`, `solana` or `bip122`. */
export const CAIP_NAMESPACE_PATTERN = /^[-a-z0-9]{3,8}$/

/** A reference within a namespace, such as `1` or a genesis-hash prefix. */
export const CAIP_REFERENCE_PATTERN = /^[-_a-zA-Z0-9]{1,32}$/

/** An account address within a network, such as `0xab16…` or a base58 key. */
export const CAIP_ACCOUNT_ADDRESS_PATTERN = /^[-.%a-zA-Z0-9]{1,128}$/

/**
 * Say what is wrong with a namespace, or `undefined` when it is valid.
 *
 * ```ts
 * caipNamespaceError('eip155') // undefined
 * caipNamespaceError('EIP155') // 'namespace "EIP155" must match [-a-z0-9]{3,8}'
 * ```
 */
export function caipNamespaceError(namespace: string): string | undefined {
  return CAIP_NAMESPACE_PATTERN.test(namespace) ? undefined : `namespace ${quote(namespace)} must match [-a-z0-9]{3,8}`
}

/**
 * Say what is wrong with a reference, or `undefined` when it is valid.
 *
 * ```ts
 * caipReferenceError('1') // undefined
 * caipReferenceError('a.b') // 'reference "a.b" must match [-_a-zA-Z0-9]{1,32}'
 * ```
 */
export function caipReferenceError(reference: string): string | undefined {
  return CAIP_REFERENCE_PATTERN.test(reference) ? undefined : `reference ${quote(reference)} must match [-_a-zA-Z0-9]{1,32}`
}

/**
 * Say what is wrong with an account address, or `undefined` when it is valid.
 *
 * ```ts
 * caipAccountAddressError('0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // undefined
 * caipAccountAddressError('a b') // 'address "a b" must match [-.%a-zA-Z0-9]{1,128}'
 * ```
 */
export function caipAccountAddressError(address: string): string | undefined {
  return CAIP_ACCOUNT_ADDRESS_PATTERN.test(address) ? undefined : `address ${quote(address)} must match [-.%a-zA-Z0-9]{1,128}`
}
