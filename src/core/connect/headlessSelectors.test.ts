/**
 * The headless API's data (issue 28 §3): the wallet list is Connect's, in Connect's order, with
 * only showable icons; the connect methods are the plugins'; a connect target
 * resolves to the connector Connect would use.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import { coreModules } from '../modules'
import { resolveOptions } from '../options/resolve'
import { ethereum } from '../networks/chains/ethereum'
import { solana } from '../networks/chains/solana'
import { connectEntries } from './entrySelectors'
import { resolveConnectTarget, selectConnectMethods, selectWallets } from './headlessSelectors'

function setup(options: Record<string, unknown> = {}) {
  const deps = defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler() })
  const kernel = createKernel({ modules: coreModules, deps })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum, solana], ...options }).options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  const run = (...events: AirlockEvent[]) => events.forEach((e) => kernel.dispatch(e))
  return { kernel, run }
}

const ICON = 'data:image/svg+xml,%3Csvg%2F%3E'
const connector = (id: string, type: Connector['type'], name = id, extra: Partial<Connector> = {}): Connector => ({ id, name, type, chain: 'eip155', ...extra })
const walletConnect = connector('walletConnect', 'WALLET_CONNECT', 'WalletConnect')
const metaMask = connector('io.metamask', 'ANNOUNCED', 'MetaMask', { imageUrl: ICON })
const phantomSolana = connector('wallet-standard.solana.phantom', 'ANNOUNCED', 'Phantom', { chain: 'solana', imageUrl: 'javascript:alert(1)' })
const lists = createEvent('WALLET_LISTS_LOADED', {
  featured: [{ id: 'rainbow', name: 'Rainbow', image_url: 'https://wallets.test/rainbow.png' }],
  recommended: [{ id: 'trust', name: 'Trust Wallet', image_url: 'http://plain.test/trust.png' }],
  count: 2,
})

describe("selectWallets (the Connect view's entries as plain values)", () => {
  it("lists Connect's entries in Connect's order, with kind, installed and recent flags", () => {
    const { kernel, run } = setup()
    run(createEvent('CONNECTORS_ADDED', { connectors: [walletConnect, metaMask, phantomSolana] }), lists)
    const wallets = selectWallets(false)(kernel.getState())
    // Exactly the modal's list, entry for entry.
    expect(wallets.map((w) => w.name)).toEqual(connectEntries(kernel.getState(), false).map((e) => (e.kind === 'connector' ? e.connector.name : e.wallet.name)))
    expect(wallets).toEqual([
      { id: 'walletConnect', name: 'WalletConnect', icon: undefined, installed: false, recent: false, kind: 'walletConnect' },
      { id: 'io.metamask', name: 'MetaMask', icon: ICON, installed: true, recent: false, kind: 'connector' },
      { id: 'wallet-standard.solana.phantom', name: 'Phantom', icon: undefined, installed: true, recent: false, kind: 'connector' },
      { id: 'rainbow', name: 'Rainbow', icon: 'https://wallets.test/rainbow.png', installed: false, recent: false, kind: 'catalog' },
      { id: 'trust', name: 'Trust Wallet', icon: undefined, installed: false, recent: false, kind: 'catalog' },
    ])
  })

  it('gives only data: and https: icons (a javascript: or http: one is dropped, the entry kept)', () => {
    const { kernel, run } = setup()
    run(createEvent('CONNECTORS_ADDED', { connectors: [phantomSolana] }), lists)
    const byId = Object.fromEntries(selectWallets(false)(kernel.getState()).map((w) => [w.id, w.icon]))
    expect(byId).toEqual({ 'wallet-standard.solana.phantom': undefined, rainbow: 'https://wallets.test/rainbow.png', trust: undefined })
  })

  it('flags a recent wallet and lists it before the featured ones, once', () => {
    const { kernel, run } = setup()
    run(
      createEvent('STORAGE_HYDRATED', { values: { recentWallets: [{ id: 'rainbow', name: 'Rainbow' }] } }),
      createEvent('CONNECTORS_ADDED', { connectors: [walletConnect, metaMask] }),
      lists,
    )
    const wallets = selectWallets(false)(kernel.getState())
    expect(wallets.map((w) => `${w.id}:${w.recent}`)).toEqual(['walletConnect:false', 'rainbow:true', 'io.metamask:false', 'trust:false'])
  })

  it('is stable: the same slices give the same array, a new connector a new one', () => {
    const { kernel, run } = setup()
    run(createEvent('CONNECTORS_ADDED', { connectors: [metaMask] }))
    const first = selectWallets(false)(kernel.getState())
    run(createEvent('ROUTER_PUSH', { view: 'AllWallets' }))
    expect(selectWallets(false)(kernel.getState())).toBe(first)
    run(createEvent('CONNECTORS_ADDED', { connectors: [walletConnect] }))
    expect(selectWallets(false)(kernel.getState())).not.toBe(first)
  })
})

describe('selectConnectMethods', () => {
  it("lists the plugins' email and social methods in the connect-method order, the wallet group left to selectWallets", () => {
    const { kernel, run } = setup({ connectMethodsOrder: ['social', 'wallet', 'email'] })
    expect(selectConnectMethods(kernel.getState())).toEqual([])
    run(
      createEvent('PLUGIN_LOADED', { id: 'email', views: ['EmailLogin'], connectMethods: [{ id: 'email', group: 'email', view: 'EmailLogin' }] }),
      createEvent('PLUGIN_LOADED', { id: 'socials', views: ['SocialLogin'], connectMethods: [{ id: 'socials', group: 'social', view: 'SocialLogin' }] }),
    )
    expect(selectConnectMethods(kernel.getState())).toEqual([
      { group: 'social', id: 'socials', moduleId: 'socials', view: 'SocialLogin' },
      { group: 'email', id: 'email', moduleId: 'email', view: 'EmailLogin' },
    ])
  })
})

describe('resolveConnectTarget (what connect(walletId) and connect({ namespace }) ask)', () => {
  it("takes a connector's id as it is, and reaches a catalog wallet through WalletConnect", () => {
    const { kernel, run } = setup()
    run(createEvent('CONNECTORS_ADDED', { connectors: [walletConnect, metaMask] }), lists)
    expect(resolveConnectTarget(kernel.getState(), 'io.metamask')).toEqual({ connectorId: 'io.metamask' })
    expect(resolveConnectTarget(kernel.getState(), 'trust')).toMatchObject({ connectorId: 'walletConnect', wallet: { id: 'trust', name: 'Trust Wallet' } })
    expect(resolveConnectTarget(kernel.getState(), 'nowhere')).toBeUndefined()
  })

  it('finds nothing for a catalog wallet while WalletConnect is off', () => {
    const { kernel, run } = setup()
    run(createEvent('CONNECTORS_ADDED', { connectors: [metaMask] }), lists)
    expect(resolveConnectTarget(kernel.getState(), 'rainbow')).toBeUndefined()
  })

  it("connects a namespace with its first installed wallet in Connect's order, else WalletConnect", () => {
    const { kernel, run } = setup()
    const rabby = connector('io.rabby', 'ANNOUNCED', 'Rabby')
    run(createEvent('CONNECTORS_ADDED', { connectors: [walletConnect, metaMask, rabby, phantomSolana] }))
    expect(resolveConnectTarget(kernel.getState(), { namespace: 'eip155' })).toEqual({ connectorId: 'io.metamask' })
    expect(resolveConnectTarget(kernel.getState(), { namespace: 'solana' })).toEqual({ connectorId: 'wallet-standard.solana.phantom' })
    expect(resolveConnectTarget(kernel.getState(), { namespace: 'bip122' })).toEqual({ connectorId: 'walletConnect' })
  })

  it('finds nothing for a namespace with no installed wallet while WalletConnect is off', () => {
    const { kernel, run } = setup()
    run(createEvent('CONNECTORS_ADDED', { connectors: [metaMask] }))
    expect(resolveConnectTarget(kernel.getState(), { namespace: 'solana' })).toBeUndefined()
  })
})
