/**
 * SPEC §5's transaction limits the frame's request codec applies before anything is signed or
 * sent: "Chain id must be positive", "Storage keys are 32 bytes" (an access list's), and the
 * transaction types it takes (0x0–0x2: no blob transaction, so no blob hash reaches the signer).
 * eth_sendTransaction, eth_call and eth_estimateGas decode their transaction with it.
 */
import { describe, expect, it } from 'vitest'
import { isRight } from '../../../../src/kernel/either'
import { ChainIdCodec, HashCodec, TransactionRequestCodec } from './codecs'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const KEY = `0x${'ab'.repeat(32)}`
const decodes = (value: unknown) => isRight(TransactionRequestCodec.decode(value))

describe('the frame’s transaction codec (SPEC §5 transaction limits)', () => {
  it('a chain id must be a positive hex quantity: 0x0 is refused, 0x1 and a large safe id pass', () => {
    for (const ok of ['0x1', '0x89', '0x7a69', '0xfffffffffffff']) expect(ChainIdCodec.is(ok), ok).toBe(true)
    for (const bad of ['0x0', '0x00', '0x', '1', '-0x1', '0x20000000000000', 1]) expect(ChainIdCodec.is(bad), String(bad)).toBe(false)
    expect(decodes({ to: TO, chainId: '0x1' })).toBe(true)
    expect(decodes({ to: TO, chainId: '0x0' })).toBe(false)
  })

  it('an access list’s storage keys are 32 bytes: 31 or 33 bytes, or odd hex, are refused', () => {
    expect(HashCodec.is(KEY)).toBe(true)
    expect(decodes({ to: TO, accessList: [{ address: TO, storageKeys: [KEY] }] })).toBe(true)
    for (const bad of [`0x${'ab'.repeat(31)}`, `0x${'ab'.repeat(33)}`, `0x${'a'.repeat(63)}`, `0x${'zz'.repeat(32)}`, KEY.slice(2)]) {
      expect(decodes({ to: TO, accessList: [{ address: TO, storageKeys: [bad] }] }), bad).toBe(false)
    }
  })

  it('takes transaction types 0x0, 0x1 and 0x2 only: a blob transaction (0x3) is refused, and blob fields are dropped', () => {
    for (const type of ['0x0', '0x1', '0x2']) expect(decodes({ to: TO, type }), type).toBe(true)
    expect(decodes({ to: TO, type: '0x3' })).toBe(false)
    const decoded = TransactionRequestCodec.decode({ to: TO, blobVersionedHashes: [`0x01${'00'.repeat(31)}`] })
    expect(isRight(decoded) && 'blobVersionedHashes' in decoded.right).toBe(false)
  })
})
