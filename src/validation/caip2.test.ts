import { describe, expect, it } from 'vitest'
import { isLeft, isRight } from '../kernel/either'
import { AirlockError } from '../kernel/errors'
import { CaipNetworkIdCodec, formatCaipNetworkId, isCaipNetworkId, parseCaipNetworkId } from './caip2'

describe('parseCaipNetworkId', () => {
  it('accepts namespace:reference and returns both parts (SPEC §5)', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ ok: true, value: { namespace: 'eip155', reference: '1' } })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      ok: true,
      value: { namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    })
  })

  it('rejects a CAIP-2 id with one part (SPEC §5)', () => {
    expect(parseCaipNetworkId('eip155')).toEqual({
      ok: false,
      error: 'CAIP-2 network id "eip155" must have exactly two colon-separated parts, found 1',
    })
  })

  it('rejects a CAIP-2 id with three parts (SPEC §5)', () => {
    expect(parseCaipNetworkId('eip155:1:0xab')).toEqual({
      ok: false,
      error: 'CAIP-2 network id "eip155:1:0xab" must have exactly two colon-separated parts, found 3',
    })
  })

  it('rejects a CAIP-2 id with an empty namespace or reference (SPEC §5)', () => {
    expect(parseCaipNetworkId(':1')).toEqual({ ok: false, error: 'CAIP-2 network id ":1" has an empty namespace' })
    expect(parseCaipNetworkId('eip155:')).toEqual({ ok: false, error: 'CAIP-2 network id "eip155:" has an empty reference' })
    expect(parseCaipNetworkId('').ok).toBe(false)
  })

  it('rejects a namespace outside [-a-z0-9]{3,8} (CAIP-2 grammar)', () => {
    expect(parseCaipNetworkId('ab:1').ok).toBe(false)
    expect(parseCaipNetworkId('abcdefghi:1').ok).toBe(false)
    expect(parseCaipNetworkId('EIP155:1')).toEqual({
      ok: false,
      error: 'CAIP-2 network id "EIP155:1": namespace "EIP155" must match [-a-z0-9]{3,8}',
    })
    expect(parseCaipNetworkId('abc:1').ok).toBe(true)
    expect(parseCaipNetworkId('abcdefgh:1').ok).toBe(true)
  })

  it('rejects a reference outside [-_a-zA-Z0-9]{1,32} (CAIP-2 grammar)', () => {
    expect(parseCaipNetworkId(`eip155:${'a'.repeat(32)}`).ok).toBe(true)
    expect(parseCaipNetworkId(`eip155:${'a'.repeat(33)}`).ok).toBe(false)
    expect(parseCaipNetworkId('eip155:a.b')).toEqual({
      ok: false,
      error: 'CAIP-2 network id "eip155:a.b": reference "a.b" must match [-_a-zA-Z0-9]{1,32}',
    })
  })

  it('returns an error instead of throwing for non-strings (SPEC §5)', () => {
    expect(parseCaipNetworkId(1)).toEqual({ ok: false, error: 'CAIP-2 network id must be a string, got number' })
    expect(parseCaipNetworkId(null)).toEqual({ ok: false, error: 'CAIP-2 network id must be a string, got null' })
    expect(parseCaipNetworkId(undefined).ok).toBe(false)
  })

  it('cuts a very long input short in the error message', () => {
    const result = parseCaipNetworkId('a'.repeat(10_000))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.length).toBeLessThan(250)
  })
})

describe('formatCaipNetworkId', () => {
  it('joins valid parts with a colon (SPEC §5)', () => {
    expect(formatCaipNetworkId({ namespace: 'eip155', reference: '137' })).toBe('eip155:137')
  })

  it('throws an AirlockError for a part that breaks the CAIP-2 grammar', () => {
    expect(() => formatCaipNetworkId({ namespace: 'EIP', reference: '1' })).toThrow(AirlockError)
    expect(() => formatCaipNetworkId({ namespace: 'eip155', reference: '' })).toThrow('Invalid CAIP-2 network id')
    expect(() => formatCaipNetworkId({ namespace: 'eip155', reference: '1:2' })).toThrow(AirlockError)
  })
})

describe('CaipNetworkIdCodec', () => {
  it('decodes a valid CAIP-2 id and rejects an invalid one with the parser message (SPEC §5)', () => {
    expect(CaipNetworkIdCodec.decode('eip155:1')).toEqual({ _tag: 'Right', right: 'eip155:1' })
    const bad = CaipNetworkIdCodec.decode('eip155:1:2')
    expect(isLeft(bad)).toBe(true)
    if (isLeft(bad)) expect(bad.left[0]?.message).toContain('exactly two colon-separated parts')
    expect(isRight(CaipNetworkIdCodec.decode(42))).toBe(false)
  })

  it('is and isCaipNetworkId agree with the parser (SPEC §5)', () => {
    expect(CaipNetworkIdCodec.is('eip155:1')).toBe(true)
    expect(isCaipNetworkId('eip155:1')).toBe(true)
    expect(isCaipNetworkId('eip155')).toBe(false)
    expect(isCaipNetworkId({})).toBe(false)
  })
})
