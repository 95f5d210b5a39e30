/**
 * Limits on transaction fields (SPEC §5): the fee cap must not exceed 2^256-1, the tip must not
 * exceed the fee cap, the chain id must be positive, access-list storage keys are 32 bytes, and blob
 * versioned hashes are 32 bytes with a version byte check. Amounts are bigint throughout, because
 * wei values pass 2^53 long before they reach 2^256.
 */

/** The largest value an EVM word holds, and so the largest fee cap. */
export const MAX_UINT256 = 2n ** 256n - 1n

/** The version byte every blob versioned hash starts with (EIP-4844: KZG commitments). */
export const BLOB_VERSIONED_HASH_VERSION = 0x01

/** One access-list entry (EIP-2930). */
export interface AccessListEntry {
  readonly address: string
  readonly storageKeys: readonly string[]
}

/** The transaction fields that SPEC §5 limits; every one is optional, absent fields are not checked. */
export interface TransactionFields {
  readonly chainId?: number | bigint
  readonly maxFeePerGas?: bigint
  readonly maxPriorityFeePerGas?: bigint
  readonly accessList?: readonly AccessListEntry[]
  readonly blobVersionedHashes?: readonly string[]
}

/**
 * Say what is wrong with a transaction's limited fields, one message per problem; an empty list
 * means the fields are within their limits. Every problem is reported, not just the first, so a
 * developer fixes them in one pass.
 *
 * ```ts
 * transactionFieldErrors({ chainId: 1, maxFeePerGas: 10n, maxPriorityFeePerGas: 2n }) // []
 * transactionFieldErrors({ chainId: 0, maxFeePerGas: 1n, maxPriorityFeePerGas: 2n })
 * // ['Chain id must be a positive integer, got 0',
 * //  'Tip (maxPriorityFeePerGas) 2 must not exceed the fee cap (maxFeePerGas) 1']
 * ```
 */
export function transactionFieldErrors(tx: TransactionFields): string[] {
  const errors: string[] = []
  const { chainId, maxFeePerGas, maxPriorityFeePerGas } = tx
  if (chainId !== undefined && !isPositiveInteger(chainId)) errors.push(`Chain id must be a positive integer, got ${chainId}`)
  if (maxFeePerGas !== undefined && maxFeePerGas > MAX_UINT256) {
    errors.push(`Fee cap (maxFeePerGas) ${maxFeePerGas} must not exceed 2^256-1`)
  }
  if (maxFeePerGas !== undefined && maxFeePerGas < 0n) errors.push(`Fee cap (maxFeePerGas) ${maxFeePerGas} must not be negative`)
  if (maxPriorityFeePerGas !== undefined && maxPriorityFeePerGas < 0n) {
    errors.push(`Tip (maxPriorityFeePerGas) ${maxPriorityFeePerGas} must not be negative`)
  }
  if (maxFeePerGas !== undefined && maxPriorityFeePerGas !== undefined && maxPriorityFeePerGas > maxFeePerGas) {
    errors.push(`Tip (maxPriorityFeePerGas) ${maxPriorityFeePerGas} must not exceed the fee cap (maxFeePerGas) ${maxFeePerGas}`)
  }
  tx.accessList?.forEach((entry, i) =>
    entry.storageKeys.forEach((key, k) => {
      const error = bytes32Error(key)
      if (error !== undefined) errors.push(`Storage key accessList[${i}].storageKeys[${k}] ${error}`)
    }),
  )
  tx.blobVersionedHashes?.forEach((hash, i) => {
    const error = bytes32Error(hash) ?? versionByteError(hash)
    if (error !== undefined) errors.push(`Blob versioned hash blobVersionedHashes[${i}] ${error}`)
  })
  return errors
}

function isPositiveInteger(value: number | bigint): boolean {
  return typeof value === 'bigint' ? value > 0n : Number.isInteger(value) && value > 0
}

function bytes32Error(value: string): string | undefined {
  if (!/^0x[0-9a-fA-F]*$/.test(value)) return 'must be hex starting with 0x'
  const hexDigits = value.length - 2
  if (hexDigits === 64) return undefined
  const size = hexDigits % 2 === 0 ? `${hexDigits / 2} bytes` : `${hexDigits} hex digits`
  return `must be 32 bytes (0x plus 64 hex digits), got ${size}`
}

function versionByteError(hash: string): string | undefined {
  const version = Number.parseInt(hash.slice(2, 4), 16)
  if (version === BLOB_VERSIONED_HASH_VERSION) return undefined
  return `must start with version byte 0x01, got 0x${hash.slice(2, 4).toLowerCase()}`
}
