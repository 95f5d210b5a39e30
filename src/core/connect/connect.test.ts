import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import { coreModules } from '../modules'
import { resolveOptions } from '../options/resolve'
import { ethereum } from '../networks/chains/ethereum'
import { polygon } from '../networks/chains/polygon'
import { pickNetwork, switchActiveChain } from '../networks/pickNetwork'
import { solana } from '../networks/chains/solana'
import { connectEntries, selectConnectEntries } from './entrySelectors'
import { connectSections, selectConnectSections } from './sectionSelectors'
import { chooseCatalogWallet, chooseConnectEntry } from './commands'
import type { ModuleContribution } from '../contributions/state'

function setup(options: Record<string, unknown> = {}) {
  const deps = defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler() })
  const kernel = createKernel({ modules: coreModules, deps })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum, polygon], ...options }).options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  const run = (...events: AirlockEvent[]) => events.forEach((e) => kernel.dispatch(e))
  return { kernel, run }
}

const connector = (id: string, type: Connector['type'], name = id): Connector => ({ id, name, type, chain: 'eip155' })
const metaMask = connector('io.metamask', 'ANNOUNCED', 'MetaMask')
const walletConnect = connector('walletConnect', 'WALLET_CONNECT', 'WalletConnect')
const rainbow = { id: 'rainbow', name: 'Rainbow' }

describe('Connect entries (SPEC §4 connector order and wallet visibility)', () => {
  it('lists WalletConnect, then the installed wallets, without the ones the site excluded by name', () => {
    const { kernel, run } = setup({ excludeWalletIds: ['coinbase wallet'] })
    run(createEvent('CONNECTORS_ADDED', { connectors: [walletConnect, metaMask, connector('cb', 'INJECTED', 'Coinbase Wallet')] }))
    const entries = connectEntries(kernel.getState(), false)
    expect(entries.map((e) => e.key)).toEqual(['c:walletConnect', 'c:io.metamask'])
    expect(entries[1]).toMatchObject({ kind: 'connector', installed: true })
  })

  it('lists a wallet in several namespaces once, as an installed wallet (MULTI_CHAIN, SPEC §3)', () => {
    const { kernel, run } = setup({ networks: [ethereum, solana] })
    const phantomSolana: Connector = { id: 'wallet-standard.solana.phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' }
    run(createEvent('CONNECTORS_ADDED', { connectors: [walletConnect, connector('app.phantom', 'ANNOUNCED', 'Phantom'), phantomSolana] }))
    const entries = connectEntries(kernel.getState(), false)
    expect(entries.map((e) => e.key)).toEqual(['c:walletConnect', 'c:app.phantom'])
    expect(entries[1]).toMatchObject({ kind: 'connector', installed: true, connector: { type: 'MULTI_CHAIN' } })
  })

  it('shows the generic Browser Wallet (injected) on mobile only (SPEC §4 wallet visibility)', () => {
    const { kernel, run } = setup()
    const browserWallet = connector('injected', 'INJECTED', 'Browser Wallet')
    run(createEvent('CONNECTORS_ADDED', { connectors: [walletConnect, browserWallet, metaMask] }))
    expect(connectEntries(kernel.getState(), false).map((e) => e.key)).toEqual(['c:walletConnect', 'c:io.metamask'])
    expect(connectEntries(kernel.getState(), true).map((e) => e.key)).toEqual(['c:walletConnect', 'c:injected', 'c:io.metamask'])
    expect(selectConnectEntries(false)(kernel.getState()).map((e) => e.key)).not.toContain('c:injected')
    expect(selectConnectEntries(true)(kernel.getState()).map((e) => e.key)).toContain('c:injected')
  })

  it('is a stable selector per kind of device: the same slices give the same array', () => {
    const { kernel, run } = setup()
    run(createEvent('CONNECTORS_ADDED', { connectors: [metaMask] }))
    const first = selectConnectEntries(false)(kernel.getState())
    run(createEvent('ROUTER_PUSH', { view: 'AllWallets' }))
    expect(selectConnectEntries(false)(kernel.getState())).toBe(first)
    expect(selectConnectEntries(false)).toBe(selectConnectEntries(false))
    expect(selectConnectEntries(true)).not.toBe(selectConnectEntries(false))
  })
})

describe('Connect sections (SPEC §4 connect-method order, SPEC §3 connectMethodsOrder)', () => {
  const plugin = (id: string, groups: ('wallet' | 'email' | 'social')[]): ModuleContribution => ({
    id,
    views: [],
    accountActions: [],
    accountTabs: [],
    connectMethods: groups.map((group) => ({ id: `${id}-${group}`, group, view: `${id}View` })),
  })
  const groups = (sections: ReturnType<typeof connectSections>) => sections.map((s) => `${s.group}:${s.methods.map((m) => m.id).join(',')}`)

  it('is wallet, email, social when installed wallets are shown, email and social first otherwise', () => {
    const modules = [plugin('email', ['email']), plugin('socials', ['social'])]
    expect(groups(connectSections(modules, null, true))).toEqual(['wallet:', 'email:email-email', 'social:socials-social'])
    expect(groups(connectSections(modules, null, false))).toEqual(['email:email-email', 'social:socials-social', 'wallet:'])
  })

  it('a configured order comes first; what it leaves out follows in the default order, so wallets never vanish', () => {
    const modules = [plugin('email', ['email']), plugin('socials', ['social'])]
    expect(groups(connectSections(modules, ['social'], true))).toEqual(['social:socials-social', 'wallet:', 'email:email-email'])
  })

  it('shows email and social only when a plugin brings an entry; wallet-group entries join the wallet list', () => {
    expect(groups(connectSections([plugin('extra', ['wallet'])], null, true))).toEqual(['wallet:extra-wallet'])
    expect(groups(connectSections([], null, false))).toEqual(['wallet:'])
  })

  it('selects from the state: installed wallets decide the default, plugins bring the entries', () => {
    const { kernel, run } = setup()
    run(createEvent('PLUGIN_LOADED', { id: 'email', views: ['EmailLogin'], connectMethods: [{ id: 'email', group: 'email', view: 'EmailLogin' }] }))
    expect(selectConnectSections(kernel.getState()).map((s) => s.group)).toEqual(['email', 'wallet'])
    run(createEvent('CONNECTORS_ADDED', { connectors: [metaMask] }))
    const sections = selectConnectSections(kernel.getState())
    expect(sections.map((s) => s.group)).toEqual(['wallet', 'email'])
    expect(sections[1]?.methods).toEqual([{ id: 'email', group: 'email', view: 'EmailLogin', moduleId: 'email' }])
    run(createEvent('ROUTER_PUSH', { view: 'AllWallets' }))
    expect(selectConnectSections(kernel.getState())).toBe(sections)
  })
})

describe('choosing in Connect and All wallets (what ConnectView and AllWalletsView used to do)', () => {
  it('an installed wallet: public SELECT_WALLET (browser), ConnectingExternal with its id, and the connection request', () => {
    const { kernel, run } = setup()
    run(createEvent('MODAL_OPEN', { connected: false }))
    const events = chooseConnectEntry(kernel.getState(), { kind: 'connector', key: 'c:io.metamask', connector: metaMask, installed: true })
    expect(events).toEqual([
      createEvent('SELECT_WALLET', { name: 'MetaMask', platform: 'browser' }),
      createEvent('ROUTER_PUSH', { view: 'ConnectingExternal', data: { connectorId: 'io.metamask' } }),
      createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }),
    ])
  })

  it('WalletConnect opens its view (which starts the pairing); a catalog wallet opens it for that wallet', () => {
    const { kernel } = setup()
    expect(chooseConnectEntry(kernel.getState(), { kind: 'connector', key: 'c:walletConnect', connector: walletConnect, installed: false })).toEqual([
      createEvent('SELECT_WALLET', { name: 'WalletConnect', platform: 'qrcode' }),
      createEvent('ROUTER_PUSH', { view: 'ConnectingWalletConnect', data: {} }),
    ])
    expect(chooseConnectEntry(kernel.getState(), { kind: 'wallet', key: 'w:rainbow', wallet: rainbow, recent: false })).toEqual(
      chooseCatalogWallet(kernel.getState(), rainbow),
    )
    expect(chooseCatalogWallet(kernel.getState(), rainbow)).toEqual([
      createEvent('SELECT_WALLET', { name: 'Rainbow', platform: 'qrcode' }),
      createEvent('ROUTER_PUSH', { view: 'ConnectingWalletConnect', data: { wallet: rainbow } }),
    ])
  })
})

describe('picking a network (what NetworkList used to do)', () => {
  it('asks to switch to another configured network, goes back from the picker on the active one, ignores others', () => {
    const { kernel, run } = setup()
    expect(pickNetwork(kernel.getState(), polygon.caipNetworkId)).toEqual([createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId: polygon.caipNetworkId })])
    expect(pickNetwork(kernel.getState(), 'eip155:999')).toEqual([])
    run(createEvent('MODAL_OPEN', { connected: false, view: 'SwitchNetwork' }))
    expect(pickNetwork(kernel.getState(), ethereum.caipNetworkId)).toEqual([createEvent('ROUTER_BACK', {})])
    run(createEvent('ROUTER_RESET', { view: 'UnsupportedChain' }))
    expect(pickNetwork(kernel.getState(), ethereum.caipNetworkId)).toEqual([])
  })
})

describe('a network of another namespace (SPEC §2 SwitchActiveChain, §4 switch network)', () => {
  const connectEvm = [
    createEvent('CONNECT_SUCCESS', {
      method: 'browser',
      name: 'MetaMask',
      namespace: 'eip155',
      connectorId: 'io.metamask',
      caipAddress: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    }),
  ] as const

  it('with a wallet connected on EVM only, picking a Solana network opens SwitchActiveChain with the network, Connect to go to, in its place', () => {
    const { kernel, run } = setup({ networks: [ethereum, solana] })
    run(...connectEvm, createEvent('MODAL_OPEN', { connected: true, view: 'SwitchNetwork' }))
    expect(pickNetwork(kernel.getState(), solana.caipNetworkId)).toEqual([
      createEvent('ROUTER_PUSH', {
        view: 'SwitchActiveChain',
        data: { caipNetworkId: solana.caipNetworkId, switchToChain: 'solana', navigateTo: 'Connect', navigateWithReplace: true },
      }),
    ])
  })

  it('its button replaces the view with Connect, then asks to switch; the switch sets the is-switching-namespace flag', () => {
    const { kernel, run } = setup({ networks: [ethereum, solana] })
    run(...connectEvm, createEvent('MODAL_OPEN', { connected: true, view: 'SwitchNetwork' }))
    run(...pickNetwork(kernel.getState(), solana.caipNetworkId))
    const events = switchActiveChain(kernel.getState())
    expect(events).toEqual([
      createEvent('ROUTER_REPLACE', { view: 'Connect' }),
      createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId: solana.caipNetworkId }),
    ])
    run(...events, createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    const state = kernel.getState()
    expect(state.router.history.map((r) => r.view)).toEqual(['SwitchNetwork', 'Connect'])
    expect(state.networks.activeNamespace).toBe('solana')
    expect(state.networks.isSwitchingNamespace).toBe(true)
  })

  it('without any wallet connected, or on another view, there is no SwitchActiveChain step', () => {
    const { kernel } = setup({ networks: [ethereum, solana] })
    expect(pickNetwork(kernel.getState(), solana.caipNetworkId)).toEqual([createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId: solana.caipNetworkId })])
    expect(switchActiveChain(kernel.getState())).toEqual([])
  })
})
