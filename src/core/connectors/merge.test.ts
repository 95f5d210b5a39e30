import { describe, expect, it } from 'vitest'
import type { Connector } from '../../events/shapes/connector'
import { addConnectors, isSameConnector, mergeConnectors } from './merge'
import { initialConnectorsState } from './state'

const all = initialConnectorsState.filterByNamespace

function connector(over: Partial<Connector> & Pick<Connector, 'id'>): Connector {
  return { name: over.id, type: 'ANNOUNCED', chain: 'eip155', ...over }
}

describe('addConnectors', () => {
  it('a connector of the same id announced twice appears once (SPEC §3 connector state)', () => {
    const metamask = connector({ id: 'io.metamask', rdns: 'io.metamask' })
    const once = addConnectors([], [metamask])
    expect(addConnectors(once, [{ ...metamask }])).toBe(once)
    expect(once).toEqual([metamask])
  })

  it('a connector of the same rdns under a new id appears once (SPEC §3 connector state)', () => {
    const first = connector({ id: 'a', rdns: 'io.rabby' })
    expect(addConnectors([first], [connector({ id: 'b', rdns: 'io.rabby' })])).toEqual([first])
  })

  it('duplicates inside one announcement are kept once, the first wins (SPEC §3 connector state)', () => {
    const a = connector({ id: 'a', name: 'First' })
    expect(addConnectors([], [a, connector({ id: 'a', name: 'Second' })])).toEqual([a])
  })

  it('the same id on another namespace is another connector (SPEC §3 connector chain)', () => {
    const evm = connector({ id: 'phantom', chain: 'eip155' })
    const sol = connector({ id: 'phantom', chain: 'solana' })
    expect(addConnectors([evm], [sol])).toEqual([evm, sol])
    expect(isSameConnector(evm, sol)).toBe(false)
  })

  it('an empty rdns never matches another connector (SPEC §3 info.rdns)', () => {
    expect(isSameConnector(connector({ id: 'a', rdns: '' }), connector({ id: 'b', rdns: '' }))).toBe(false)
  })
})

describe('mergeConnectors', () => {
  it('same-name connectors of different namespaces merge into one MULTI_CHAIN entry (SPEC §3 connector type)', () => {
    const evm = connector({ id: 'app.phantom', name: 'Phantom', chain: 'eip155', chains: ['eip155:1'], imageUrl: 'p.png' })
    const sol = connector({ id: 'phantom', name: 'Phantom', chain: 'solana', chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
    const merged = mergeConnectors([evm, sol], all)
    expect(merged).toHaveLength(1)
    expect(merged[0]).toMatchObject({
      id: 'app.phantom',
      name: 'Phantom',
      type: 'MULTI_CHAIN',
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      imageUrl: 'p.png',
      connectors: [evm, sol],
    })
  })

  it('WalletConnect on several namespaces stays of type WALLET_CONNECT when merged (SPEC §3 connector type)', () => {
    const evm = connector({ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' })
    const sol = connector({ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'solana' })
    expect(mergeConnectors([evm, sol], all)[0]?.type).toBe('WALLET_CONNECT')
  })

  it('a lone connector is listed as it is, without a members list (SPEC §3 connectors)', () => {
    const lone = connector({ id: 'io.metamask', name: 'MetaMask' })
    const [listed] = mergeConnectors([lone], all)
    expect(listed).toBe(lone)
  })

  it('two different connectors of one name on one namespace are both kept (SPEC §3 connectors)', () => {
    const a = connector({ id: 'a', name: 'Injected' })
    const b = connector({ id: 'b', name: 'Injected' })
    expect(mergeConnectors([a, b], all)).toEqual([a, b])
  })

  it('connectors of a namespace switched off in the filter map are hidden (SPEC §3 namespace filter map)', () => {
    const evm = connector({ id: 'evm', name: 'Phantom', chain: 'eip155' })
    const sol = connector({ id: 'sol', name: 'Phantom', chain: 'solana' })
    const merged = mergeConnectors([evm, sol], { ...all, solana: false })
    expect(merged).toEqual([evm])
  })
})
