import { describe, expect, it } from 'vitest'
import { connectMethodsOrder, connectorOrder, DEFAULT_CONNECTOR_ORDER } from './order'

const base = { walletConnectEnabled: true, connectedThroughWalletConnect: false }

describe('connectorOrder', () => {
  it('the default order is walletConnect, recent, injected, featured, custom, external, recommended (SPEC §4, §9)', () => {
    expect(DEFAULT_CONNECTOR_ORDER).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
    expect(connectorOrder(base)).toEqual([...DEFAULT_CONNECTOR_ORDER])
  })

  it('walletConnect is left out when it is not enabled (SPEC §4)', () => {
    expect(connectorOrder({ ...base, walletConnectEnabled: false })[0]).toBe('recent')
    expect(connectorOrder({ ...base, walletConnectEnabled: false })).not.toContain('walletConnect')
  })

  it('walletConnect is left out when already connected through it (SPEC §4)', () => {
    expect(connectorOrder({ ...base, connectedThroughWalletConnect: true })).not.toContain('walletConnect')
  })

  it('a configured order comes first, then the remaining defaults in default order (SPEC §4)', () => {
    expect(connectorOrder({ ...base, configured: ['recommended', 'injected'] })).toEqual([
      'recommended',
      'injected',
      'walletConnect',
      'recent',
      'featured',
      'custom',
      'external',
    ])
  })

  it('a configured entry named twice appears once (SPEC §4)', () => {
    expect(connectorOrder({ ...base, configured: ['custom', 'custom', 'featured'] }).slice(0, 3)).toEqual(['custom', 'featured', 'walletConnect'])
  })

  it('a configured walletConnect is still left out when it is not enabled (SPEC §4)', () => {
    expect(connectorOrder({ ...base, walletConnectEnabled: false, configured: ['walletConnect', 'external'] })[0]).toBe('external')
  })

  it('empty groups are left out, groups of unknown size are kept (SPEC §4)', () => {
    expect(connectorOrder({ ...base, counts: { recent: 0, featured: 3, custom: 0 } })).toEqual([
      'walletConnect',
      'injected',
      'featured',
      'external',
      'recommended',
    ])
  })
})

describe('connectMethodsOrder', () => {
  it('is wallet, email, social when injected or announced wallets are shown (SPEC §4)', () => {
    expect(connectMethodsOrder({ connectMethodsOrder: null }, true)).toEqual(['wallet', 'email', 'social'])
  })

  it('is email, social, wallet when none are shown, the reading chosen for the unstated case (SPEC §4)', () => {
    expect(connectMethodsOrder({ connectMethodsOrder: null }, false)).toEqual(['email', 'social', 'wallet'])
  })

  it('a configured order wins in both cases, each method once (SPEC §3 connectMethodsOrder)', () => {
    expect(connectMethodsOrder({ connectMethodsOrder: ['social', 'wallet', 'social'] }, true)).toEqual(['social', 'wallet'])
    expect(connectMethodsOrder({ connectMethodsOrder: ['social'] }, false)).toEqual(['social'])
  })

  it('an empty configured order falls back to the default (SPEC §4)', () => {
    expect(connectMethodsOrder({ connectMethodsOrder: [] }, true)).toEqual(['wallet', 'email', 'social'])
  })

  it('returns a fresh list the caller may change without touching the defaults (SPEC §4)', () => {
    const order = connectMethodsOrder({ connectMethodsOrder: null }, true)
    order.reverse()
    expect(connectMethodsOrder({ connectMethodsOrder: null }, true)).toEqual(['wallet', 'email', 'social'])
  })
})
