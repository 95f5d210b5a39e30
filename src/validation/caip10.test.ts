import { describe, expect, it } from 'vitest'
import { isLeft } from '../kernel/either'
import { AirlockError } from '../kernel/errors'
import { CaipAddressCodec, formatCaipAddress, isCaipAddress, parseCaipAddress } from './caip10'

const EVM = '0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb'

describe('parseCaipAddress', () => {
  it('accepts namespace:reference:address and returns the three parts (SPEC §5)', () => {
    expect(parseCaipAddress(`eip155:1:${EVM}`)).toEqual({ ok: true, value: { namespace: 'eip155', reference: '1', address: EVM } })
  })

  it('rejects a CAIP-10 id with two parts (SPEC §5)', () => {
    expect(parseCaipAddress('eip155:1')).toEqual({
      ok: false,
      error: 'CAIP-10 account id "eip155:1" must have exactly three colon-separated parts, found 2',
    })
  })

  it('rejects a CAIP-10 id with four parts (SPEC §5)', () => {
    expect(parseCaipAddress(`eip155:1:${EVM}:x`)).toEqual({
      ok: false,
      error: `CAIP-10 account id "eip155:1:${EVM}:x" must have exactly three colon-separated parts, found 4`,
    })
  })

  it('rejects a CAIP-10 id with an empty part (SPEC §5)', () => {
    expect(parseCaipAddress(`:1:${EVM}`)).toEqual({ ok: false, error: `CAIP-10 account id ":1:${EVM}" has an empty namespace` })
    expect(parseCaipAddress(`eip155::${EVM}`)).toEqual({ ok: false, error: `CAIP-10 account id "eip155::${EVM}" has an empty reference` })
    expect(parseCaipAddress('eip155:1:')).toEqual({ ok: false, error: 'CAIP-10 account id "eip155:1:" has an empty address' })
  })

  it('rejects an address outside [-.%a-zA-Z0-9]{1,128} (CAIP-10 grammar)', () => {
    expect(parseCaipAddress(`eip155:1:${'a'.repeat(128)}`).ok).toBe(true)
    expect(parseCaipAddress(`eip155:1:${'a'.repeat(129)}`).ok).toBe(false)
    expect(parseCaipAddress('eip155:1:a b')).toEqual({
      ok: false,
      error: 'CAIP-10 account id "eip155:1:a b": address "a b" must match [-.%a-zA-Z0-9]{1,128}',
    })
    expect(parseCaipAddress('eip155:1:a.b-c%20').ok).toBe(true)
  })

  it('rejects a bad namespace or reference in a CAIP-10 id (CAIP-10 grammar)', () => {
    expect(parseCaipAddress(`Eip155:1:${EVM}`).ok).toBe(false)
    expect(parseCaipAddress(`eip155:1.0:${EVM}`).ok).toBe(false)
  })

  it('returns an error instead of throwing for non-strings (SPEC §5)', () => {
    expect(parseCaipAddress(['eip155', '1', EVM])).toEqual({ ok: false, error: 'CAIP-10 account id must be a string, got array' })
  })
})

describe('formatCaipAddress', () => {
  it('joins valid parts with colons (SPEC §5)', () => {
    expect(formatCaipAddress({ namespace: 'eip155', reference: '1', address: EVM })).toBe(`eip155:1:${EVM}`)
  })

  it('throws an AirlockError for a part that breaks the CAIP-10 grammar', () => {
    expect(() => formatCaipAddress({ namespace: 'eip155', reference: '1', address: 'a:b' })).toThrow(AirlockError)
    expect(() => formatCaipAddress({ namespace: 'eip155', reference: '1', address: '' })).toThrow('Invalid CAIP-10 account id')
    expect(() => formatCaipAddress({ namespace: 'e', reference: '1', address: EVM })).toThrow(AirlockError)
  })
})

describe('CaipAddressCodec', () => {
  it('decodes a valid CAIP-10 id and rejects an invalid one with the parser message (SPEC §5)', () => {
    expect(CaipAddressCodec.decode(`eip155:1:${EVM}`)).toEqual({ _tag: 'Right', right: `eip155:1:${EVM}` })
    const bad = CaipAddressCodec.decode('eip155:1')
    expect(isLeft(bad)).toBe(true)
    if (isLeft(bad)) expect(bad.left[0]?.message).toContain('exactly three colon-separated parts')
  })

  it('isCaipAddress tells CAIP-10 ids from CAIP-2 ids (SPEC §5)', () => {
    expect(isCaipAddress(`eip155:1:${EVM}`)).toBe(true)
    expect(isCaipAddress('eip155:1')).toBe(false)
  })
})
