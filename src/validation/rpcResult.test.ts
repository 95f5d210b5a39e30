import { describe, expect, it } from 'vitest'
import { classifyRpcResult } from './rpcResult'

const hex = (digits: number): string => `0x${'a1'.repeat(digits).slice(0, digits)}`

describe('classifyRpcResult', () => {
  it('calls 0x plus exactly 64 hex characters a transaction (SPEC §5)', () => {
    expect(classifyRpcResult(hex(64))).toBe('transaction')
    expect(classifyRpcResult(`0x${'AbCdEf0123456789'.repeat(4)}`)).toBe('transaction')
  })

  it('calls 0x plus 62 or more hex characters, other than 64, a signed message (SPEC §5)', () => {
    expect(classifyRpcResult(hex(62))).toBe('signature')
    expect(classifyRpcResult(hex(63))).toBe('signature')
    expect(classifyRpcResult(hex(65))).toBe('signature')
    expect(classifyRpcResult(hex(130))).toBe('signature')
  })

  it('prefers transaction over signature at exactly 64 hex characters (SPEC §5)', () => {
    expect(classifyRpcResult(hex(64))).not.toBe('signature')
  })

  it('calls anything else unknown (SPEC §5)', () => {
    expect(classifyRpcResult(hex(61))).toBe('unknown')
    expect(classifyRpcResult('0x')).toBe('unknown')
    expect(classifyRpcResult(`0X${'a'.repeat(64)}`)).toBe('unknown')
    expect(classifyRpcResult(`0x${'g'.repeat(64)}`)).toBe('unknown')
    expect(classifyRpcResult(`${hex(64)} `)).toBe('unknown')
    expect(classifyRpcResult('a'.repeat(66))).toBe('unknown')
    expect(classifyRpcResult({ hash: hex(64) })).toBe('unknown')
    expect(classifyRpcResult(null)).toBe('unknown')
  })
})
