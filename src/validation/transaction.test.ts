import { describe, expect, it } from 'vitest'
import { MAX_UINT256, transactionFieldErrors } from './transaction'

const key = (firstByte = '00'): string => `0x${firstByte}${'11'.repeat(31)}`

describe('transactionFieldErrors', () => {
  it('accepts a transaction within every limit (SPEC §5)', () => {
    expect(
      transactionFieldErrors({
        chainId: 1,
        maxFeePerGas: MAX_UINT256,
        maxPriorityFeePerGas: MAX_UINT256,
        accessList: [{ address: '0x0000000000000000000000000000000000000000', storageKeys: [key(), key('ff')] }],
        blobVersionedHashes: [key('01')],
      }),
    ).toEqual([])
    expect(transactionFieldErrors({})).toEqual([])
  })

  it('rejects a fee cap over 2^256-1 (SPEC §5)', () => {
    expect(transactionFieldErrors({ maxFeePerGas: MAX_UINT256 + 1n })).toEqual([`Fee cap (maxFeePerGas) ${MAX_UINT256 + 1n} must not exceed 2^256-1`])
    expect(MAX_UINT256).toBe(0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffn)
  })

  it('rejects negative fees', () => {
    expect(transactionFieldErrors({ maxFeePerGas: -1n })).toEqual(['Fee cap (maxFeePerGas) -1 must not be negative'])
    expect(transactionFieldErrors({ maxPriorityFeePerGas: -1n })).toEqual(['Tip (maxPriorityFeePerGas) -1 must not be negative'])
  })

  it('rejects a tip over the fee cap and accepts one equal to it (SPEC §5)', () => {
    expect(transactionFieldErrors({ maxFeePerGas: 10n, maxPriorityFeePerGas: 11n })).toEqual([
      'Tip (maxPriorityFeePerGas) 11 must not exceed the fee cap (maxFeePerGas) 10',
    ])
    expect(transactionFieldErrors({ maxFeePerGas: 10n, maxPriorityFeePerGas: 10n })).toEqual([])
  })

  it('rejects a chain id that is not a positive integer (SPEC §5)', () => {
    expect(transactionFieldErrors({ chainId: 0 })).toEqual(['Chain id must be a positive integer, got 0'])
    expect(transactionFieldErrors({ chainId: -1 })).toEqual(['Chain id must be a positive integer, got -1'])
    expect(transactionFieldErrors({ chainId: 1.5 })).toEqual(['Chain id must be a positive integer, got 1.5'])
    expect(transactionFieldErrors({ chainId: 0n })).toEqual(['Chain id must be a positive integer, got 0'])
    expect(transactionFieldErrors({ chainId: 1n })).toEqual([])
  })

  it('rejects storage keys that are not 32 bytes (SPEC §5)', () => {
    const errors = transactionFieldErrors({
      accessList: [
        { address: '0x0', storageKeys: [key(), `0x${'00'.repeat(31)}`] },
        { address: '0x0', storageKeys: [`${key()}00`, '0x123', 'zz'] },
      ],
    })
    expect(errors).toEqual([
      'Storage key accessList[0].storageKeys[1] must be 32 bytes (0x plus 64 hex digits), got 31 bytes',
      'Storage key accessList[1].storageKeys[0] must be 32 bytes (0x plus 64 hex digits), got 33 bytes',
      'Storage key accessList[1].storageKeys[1] must be 32 bytes (0x plus 64 hex digits), got 3 hex digits',
      'Storage key accessList[1].storageKeys[2] must be hex starting with 0x',
    ])
  })

  it('rejects blob hashes that are not 32 bytes or lack version byte 0x01 (SPEC §5)', () => {
    expect(transactionFieldErrors({ blobVersionedHashes: [key('01'), key('00'), key('02'), `0x01${'11'.repeat(30)}`] })).toEqual([
      'Blob versioned hash blobVersionedHashes[1] must start with version byte 0x01, got 0x00',
      'Blob versioned hash blobVersionedHashes[2] must start with version byte 0x01, got 0x02',
      'Blob versioned hash blobVersionedHashes[3] must be 32 bytes (0x plus 64 hex digits), got 31 bytes',
    ])
  })

  it('reports every broken limit at once (SPEC §5)', () => {
    expect(transactionFieldErrors({ chainId: 0, maxFeePerGas: 1n, maxPriorityFeePerGas: 2n })).toHaveLength(2)
  })
})
