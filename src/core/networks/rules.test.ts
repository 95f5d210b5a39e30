import { describe, expect, it } from 'vitest'
import { isNetworkSupported, isSmartAccountEnabled, parseSmartAccountNetworks, shouldShowUnsupportedChain, type UnsupportedChainInput } from './rules'
import { ethereum } from './chains/ethereum'
import { polygon } from './chains/polygon'
import { solana } from './chains/solana'

describe('isNetworkSupported', () => {
  it('passes any network when no networks are requested (SPEC §5)', () => {
    expect(isNetworkSupported(polygon, [])).toBe(true)
    expect(isNetworkSupported(null, [])).toBe(true)
  })
  it('passes a network that is in the requested list (SPEC §5)', () => {
    expect(isNetworkSupported(polygon, [ethereum, polygon])).toBe(true)
  })
  it('fails a network missing from a non-empty requested list (SPEC §5)', () => {
    expect(isNetworkSupported(polygon, [ethereum])).toBe(false)
    expect(isNetworkSupported(null, [ethereum])).toBe(false)
  })
  it('compares by CAIP-2 id, so the same reference in another namespace is not supported (SPEC §5)', () => {
    expect(isNetworkSupported({ caipNetworkId: 'solana:1' as typeof ethereum.caipNetworkId }, [ethereum])).toBe(false)
  })
})

describe('isSmartAccountEnabled', () => {
  it('is on only when the active network id is in the enabled list (SPEC §5)', () => {
    expect(isSmartAccountEnabled('eip155:137', ['eip155:1', 'eip155:137'])).toBe(true)
    expect(isSmartAccountEnabled('eip155:10', ['eip155:1', 'eip155:137'])).toBe(false)
  })
  it('is off without an active network or with an empty list (SPEC §5)', () => {
    expect(isSmartAccountEnabled(null, ['eip155:1'])).toBe(false)
    expect(isSmartAccountEnabled(undefined, ['eip155:1'])).toBe(false)
    expect(isSmartAccountEnabled('eip155:1', [])).toBe(false)
  })
})

describe('shouldShowUnsupportedChain', () => {
  const all: UnsupportedChainInput = {
    activeNetwork: polygon,
    requested: [ethereum],
    enableNetworkSwitch: true,
    allowUnsupportedChain: false,
    isBasicRelayConnection: false,
  }
  it('shows UnsupportedChain when all four conditions hold (SPEC §2)', () => {
    expect(shouldShowUnsupportedChain(all)).toBe(true)
  })
  it('does not show it when the active network is requested (SPEC §2)', () => {
    expect(shouldShowUnsupportedChain({ ...all, activeNetwork: ethereum })).toBe(false)
  })
  it('does not show it when network switching is disabled (SPEC §2)', () => {
    expect(shouldShowUnsupportedChain({ ...all, enableNetworkSwitch: false })).toBe(false)
  })
  it('does not show it when unsupported chains are allowed (SPEC §2)', () => {
    expect(shouldShowUnsupportedChain({ ...all, allowUnsupportedChain: true })).toBe(false)
  })
  it('does not show it on a basic relay-wallet connection (SPEC §2)', () => {
    expect(shouldShowUnsupportedChain({ ...all, isBasicRelayConnection: true })).toBe(false)
  })
  it('does not show it without an active network or when nothing is requested (SPEC §2, §5)', () => {
    expect(shouldShowUnsupportedChain({ ...all, activeNetwork: null })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...all, requested: [] })).toBe(false)
  })
})

describe('parseSmartAccountNetworks', () => {
  it('reads the comma-joined stored value into CAIP-2 ids, bare chain ids as eip155 (SPEC §3)', () => {
    expect(parseSmartAccountNetworks('1,137')).toEqual(['eip155:1', 'eip155:137'])
    expect(parseSmartAccountNetworks(`eip155:8453,${solana.caipNetworkId}`)).toEqual(['eip155:8453', solana.caipNetworkId])
  })
  it('trims entries, drops blanks, repeats and malformed ids (SPEC §3)', () => {
    expect(parseSmartAccountNetworks(' 1 , ,0137,137,eip155:1,not an id,a:b:c')).toEqual(['eip155:1', 'eip155:137'])
  })
  it('reads an empty or missing value as no networks (SPEC §7: failure stores an empty list)', () => {
    expect(parseSmartAccountNetworks('')).toEqual([])
    expect(parseSmartAccountNetworks(null)).toEqual([])
    expect(parseSmartAccountNetworks(undefined)).toEqual([])
  })
})
