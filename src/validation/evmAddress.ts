/**
 * EVM addresses. SPEC §5: "0x followed by 40 hex digits"; the EIP-55 checksum is checked when the
 * address is mixed case and strict checking is on. The checksum itself comes from ox, the primitives library
 * viem is built on (same authors, a dependency of viem): imported directly because viem's main entry pulls its client
 * actions into a page's first load through an import cycle bundlers cannot shake (15 KiB gzip).
 */
import * as OxAddress from 'ox/Address'
import type { Address } from 'viem'

const EVM_ADDRESS_SHAPE = /^0x[0-9a-fA-F]{40}$/

/** Options for the EVM address check. */
export interface EvmAddressOptions {
  /** Check the EIP-55 checksum of mixed-case addresses. Defaults to `true`, as viem does. */
  readonly strict?: boolean
}

/**
 * Say what is wrong with an EVM address, or `undefined` when it is valid. An address whose hex digits
 * are all lower case or all upper case carries no checksum (EIP-55 reads case as the checksum only
 * when both cases appear), so it passes even in strict mode; viem alone would reject the all-upper
 * form, which SPEC §5 does not.
 *
 * ```ts
 * evmAddressError('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed') // undefined
 * evmAddressError('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed') // undefined (valid checksum)
 * evmAddressError('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed') // 'Address checksum (EIP-55) does not match'
 * evmAddressError('0x123') // 'Address must be 0x followed by 40 hex digits'
 * ```
 */
export function evmAddressError(address: unknown, options: EvmAddressOptions = {}): string | undefined {
  if (typeof address !== 'string' || !EVM_ADDRESS_SHAPE.test(address)) return 'Address must be 0x followed by 40 hex digits'
  const { strict = true } = options
  const digits = address.slice(2)
  const mixedCase = digits !== digits.toLowerCase() && digits !== digits.toUpperCase()
  if (strict && mixedCase && !OxAddress.validate(address, { strict: true })) return 'Address checksum (EIP-55) does not match'
  return undefined
}

/**
 * Type guard for EVM addresses, with the rules of `evmAddressError`.
 *
 * ```ts
 * isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed') // true
 * isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD') // false: checksum broken
 * isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', { strict: false }) // true
 * ```
 */
export function isEvmAddress(address: unknown, options: EvmAddressOptions = {}): address is Address {
  return evmAddressError(address, options) === undefined
}
