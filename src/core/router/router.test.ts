import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { routerModule } from './module'
import { connectionModule } from '../connection/module'
import { networksModule } from '../networks/module'
import { resolveOptions } from '../options/resolve'
import { ethereum } from '../networks/chains/ethereum'
import { solana } from '../networks/chains/solana'
import { selectCanClose, selectHistory, selectIsOpen, selectRouteData, selectTransactionStack, selectView } from './selectors'
import { closeModal, goBack, goBackOrClose, goBackToIndex, openAllWallets, openModal, pushView, replaceView, resetView } from './commands'
import { View } from './views'

/** The embedded wallet's view that hosts its frame's approvals: the feature's name, not the core's. */
const APPROVE = 'ApproveTransaction'
/** The SPEC §2 views that feature plugins bring, registered as a loaded plugin would. */
const FEATURE_VIEWS = ['ConnectingFarcaster', View.SIWXSignMessage, APPROVE, View.Swap]

function setup() {
  const scheduler = new VirtualTimeScheduler()
  // The connection and networks slices too: a reset reads which namespaces stay connected.
  const kernel = createKernel({ modules: [routerModule, connectionModule, networksModule], deps: defaultDeps({ storage: memoryStorage(), scheduler }) })
  kernel.dispatch(createEvent('PLUGIN_LOADED', { id: 'features', views: FEATURE_VIEWS }))
  const run = (...events: AirlockEvent[]) => events.forEach((e) => kernel.dispatch(e))
  const views = () => kernel.getState().router.history.map((r) => r.view)
  const count = (type: string) => kernel.log().filter((e) => e.type === type).length
  const closes = () => count('MODAL_CLOSE')
  return { kernel, scheduler, run, views, count, closes }
}
const open = (view?: string) => createEvent('MODAL_OPEN', view === undefined ? { connected: false } : { connected: false, view })
const push = (view: string) => createEvent('ROUTER_PUSH', { view })
const back = createEvent('ROUTER_BACK', {})
const backOrClose = createEvent('ROUTER_BACK_OR_CLOSE', {})
const connected = createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' })
/** The lock the siwx plugin holds while sign-in is required and no session exists (SPEC §2). */
const signInRequired = () => createEvent('CLOSE_LOCKED', { by: 'siwx', views: [View.SIWXSignMessage, APPROVE] })
const unlock = (by = 'siwx') => createEvent('CLOSE_UNLOCKED', { by })
const pushed = (id: string, view: string = APPROVE, replace = false) => createEvent('TRANSACTION_STACK_PUSHED', { id, view, replace })
const settled = (id: string, outcome: 'success' | 'error' | 'cancel') => createEvent('TRANSACTION_STACK_SETTLED', { id, outcome })

describe('router navigation (SPEC §2)', () => {
  it('opens on Connect when not connected, and on Account when connected (SPEC §2)', () => {
    const a = setup()
    a.run(open())
    expect(a.views()).toEqual(['Connect'])
    const b = setup()
    b.run(connected, open())
    expect(b.views()).toEqual(['Account'])
    expect(selectIsOpen(b.kernel.getState())).toBe(true)
  })

  it('opens on the requested view with its data, resetting the stack (SPEC §2)', () => {
    const { kernel, run, views } = setup()
    run(open(), push('AllWallets'), createEvent('MODAL_OPEN', { connected: false, view: 'ConnectingExternal', data: { connectorId: 'injected' } }))
    expect(views()).toEqual(['ConnectingExternal'])
    expect(selectRouteData(kernel.getState())).toEqual({ connectorId: 'injected' })
  })

  it('ignores a push of the current view, keeping the same state (SPEC §2)', () => {
    const { kernel, run, views } = setup()
    run(open(), push('AllWallets'))
    const before = kernel.getState()
    run(push('AllWallets'))
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(kernel.getState()).toBe(before)
    expect(pushView(kernel.getState(), 'AllWallets')).toEqual([])
  })

  it('replace swaps the current view; reset leaves one view (SPEC §2)', () => {
    const { kernel, run, views } = setup()
    run(open(), push('AllWallets'))
    run(...replaceView(kernel.getState(), 'ConnectingExternal', { connectorId: 'x' }))
    expect(views()).toEqual(['Connect', 'ConnectingExternal'])
    expect(selectRouteData(kernel.getState())).toEqual({ connectorId: 'x' })
    run(...resetView(kernel.getState(), 'Account'))
    expect(views()).toEqual(['Account'])
  })

  it('back from the first view closes the modal, with exactly one MODAL_CLOSE, and the log replays (SPEC §2)', () => {
    const { kernel, run, closes } = setup()
    run(open(), push('AllWallets'), back)
    expect(selectView(kernel.getState())).toBe('Connect')
    expect(closes()).toBe(0)
    run(back)
    expect(selectIsOpen(kernel.getState())).toBe(false)
    expect(closes()).toBe(1)
    expect(kernel.replay()).toEqual(kernel.getState())
  })

  it('going back to Connect while connected lands on Account, by back and by back to an index (SPEC §2)', () => {
    const a = setup()
    a.run(open(), push('AllWallets'), push('ConnectingExternal'), connected, back, back)
    expect(a.views()).toEqual(['Account'])
    const b = setup()
    b.run(open(), push('AllWallets'), push('ConnectingExternal'), connected, createEvent('ROUTER_BACK_TO_INDEX', { index: 0 }))
    expect(b.views()).toEqual(['Account'])
  })

  it('back to an index keeps the stack up to it, and ignores an index out of range (SPEC §2)', () => {
    const { kernel, run, views } = setup()
    run(open(), push('AllWallets'), push('ConnectingExternal'), push('SwitchNetwork'))
    const before = kernel.getState()
    run(
      createEvent('ROUTER_BACK_TO_INDEX', { index: 7 }),
      createEvent('ROUTER_BACK_TO_INDEX', { index: -1 }),
      createEvent('ROUTER_BACK_TO_INDEX', { index: 0.5 }),
    )
    expect(kernel.getState()).toBe(before)
    expect(goBackToIndex(kernel.getState(), 3)).toEqual([])
    run(...goBackToIndex(kernel.getState(), 1))
    expect(views()).toEqual(['Connect', 'AllWallets'])
  })

  it('back-or-close goes back when it can, and closes from the first view with one MODAL_CLOSE (SPEC §2)', () => {
    const { kernel, run, closes } = setup()
    run(open(), push('AllWallets'))
    run(...goBackOrClose(kernel.getState()))
    expect(selectView(kernel.getState())).toBe('Connect')
    run(...goBackOrClose(kernel.getState()))
    expect(selectIsOpen(kernel.getState())).toBe(false)
    expect(closes()).toBe(1)
    expect(goBackOrClose(kernel.getState())).toEqual([])
  })

  it('close is disabled on the sign and approve views when sign-in is required and no session exists (SPEC §2)', () => {
    for (const view of [View.SIWXSignMessage, APPROVE]) {
      const { kernel, run, closes } = setup()
      run(signInRequired(), open(view))
      expect(selectCanClose(kernel.getState())).toBe(false)
      expect(closeModal(kernel.getState())).toEqual([])
      expect(goBack(kernel.getState())).toEqual([])
      run(createEvent('MODAL_CLOSE', { connected: false }), back, backOrClose)
      expect(selectIsOpen(kernel.getState())).toBe(true)
      run(unlock())
      expect(selectCanClose(kernel.getState())).toBe(true)
      const before = closes()
      run(...closeModal(kernel.getState()))
      expect(selectIsOpen(kernel.getState())).toBe(false)
      expect(closes() - before).toBe(1)
    }
  })

  it('back-or-close is ignored as a whole while close is disabled, even with views below (SPEC §2)', () => {
    const { kernel, run, views } = setup()
    run(signInRequired(), open(), push(View.SIWXSignMessage))
    const before = kernel.getState()
    expect(goBackOrClose(before)).toEqual([])
    run(backOrClose)
    expect(kernel.getState()).toBe(before)
    // A plain back still leaves the sign view: only closing is disabled.
    run(back)
    expect(views()).toEqual(['Connect'])
  })

  it('close is enabled on other views, and when sign-in is not required (SPEC §2)', () => {
    const a = setup()
    a.run(signInRequired(), open(View.SwitchNetwork))
    expect(selectCanClose(a.kernel.getState())).toBe(true)
    const b = setup()
    b.run(open(View.SIWXSignMessage))
    expect(selectCanClose(b.kernel.getState())).toBe(true)
  })

  it('a lock without views disables close on every view; close returns when every holder released (CLOSE_LOCKED, CLOSE_UNLOCKED)', () => {
    const { kernel, run } = setup()
    run(open(View.SwitchNetwork), createEvent('CLOSE_LOCKED', { by: 'other' }), signInRequired())
    expect(selectCanClose(kernel.getState())).toBe(false)
    run(createEvent('MODAL_CLOSE', { connected: false }))
    expect(selectIsOpen(kernel.getState())).toBe(true)
    run(unlock('other'))
    expect(selectCanClose(kernel.getState())).toBe(true)
    run(push(View.SIWXSignMessage))
    expect(selectCanClose(kernel.getState())).toBe(false)
    // Setting the same lock again changes nothing; the holder's unloading releases it.
    const before = kernel.getState()
    run(signInRequired())
    expect(kernel.getState()).toBe(before)
    run(createEvent('PLUGIN_UNLOADED', { id: 'siwx' }))
    expect(selectCanClose(kernel.getState())).toBe(true)
  })

  it('closing twice dispatches nothing the second time (SPEC §2)', () => {
    const { kernel, run } = setup()
    run(...openModal(kernel.getState()))
    run(...closeModal(kernel.getState()))
    expect(closeModal(kernel.getState())).toEqual([])
    expect(goBack(kernel.getState())).toEqual([])
  })

  it('a failed network switch goes back while the modal is open (SPEC §4)', () => {
    const { kernel, run, views, closes } = setup()
    const failed = createEvent('NETWORK_SWITCH_FAILED', { caipNetworkId: 'eip155:137', message: 'rejected' })
    run(open(), push(View.SwitchNetwork), failed)
    expect(views()).toEqual(['Connect'])
    run(failed)
    expect(selectIsOpen(kernel.getState())).toBe(false)
    expect(closes()).toBe(1)
    const closed = kernel.getState()
    run(failed)
    expect(kernel.getState()).toBe(closed)
  })

  it('tracks connected from the connection events; a reset of the last connected namespace disconnects (SPEC §4)', () => {
    const { kernel, run } = setup()
    run(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'injected' }))
    expect(kernel.getState().router.connected).toBe(true)
    run(createEvent('DISCONNECT_SUCCESS', { namespace: 'solana' }))
    expect(kernel.getState().router.connected).toBe(true)
    run(createEvent('CONNECTION_RESET', { namespace: 'eip155' }))
    expect(kernel.getState().router.connected).toBe(false)
    run(connected, createEvent('DISCONNECT_SUCCESS', { namespace: null }))
    expect(kernel.getState().router.connected).toBe(false)
  })

  it('a reset of one namespace while another stays connected keeps the visitor connected, and Account while the active one stays', () => {
    const { kernel, run, views } = setup()
    run(
      createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum, solana] }).options }),
      createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'injected' }),
      createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'solana', connectorId: 'sol' }),
      open(),
    )
    expect(views()).toEqual(['Account'])
    run(createEvent('DISCONNECT_SUCCESS', { namespace: 'solana' }), createEvent('CONNECTION_RESET', { namespace: 'solana' }))
    expect(kernel.getState().router.connected).toBe(true)
    expect(kernel.getState().connection.status).toBe('connected')
    expect(views()).toEqual(['Account'])
    run(createEvent('CONNECTION_RESET', { namespace: null }))
    expect(kernel.getState().router.connected).toBe(false)
    expect(views()).toEqual(['Connect'])
  })

  it('disconnecting the active namespace while another stays connected keeps Account (no Connect in between): the other one becomes active (issue 28 §5)', () => {
    const { kernel, run, views } = setup()
    // Every view the router shows, event by event: Connect must never be one of them.
    const shown: string[] = []
    const subscription = kernel.state$.subscribe((state) => {
      const view = state.router.open ? selectView(state) : 'closed'
      if (shown.at(-1) !== view) shown.push(view)
    })
    run(
      createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum, solana] }).options }),
      createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'injected' }),
      createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }),
      createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'solana', connectorId: 'sol' }),
      open(),
    )
    expect(kernel.getState().networks.activeNamespace).toBe('solana')
    expect(views()).toEqual(['Account'])
    // What the disconnect effect logs (withoutWallet.ts's disconnected, partialDisconnect.ts's backToConnected).
    run(
      createEvent('DISCONNECT_SUCCESS', { namespace: 'solana' }),
      createEvent('CONNECTION_RESET', { namespace: 'solana' }),
      createEvent('NETWORK_SWITCHED', { caipNetworkId: ethereum.caipNetworkId }),
    )
    subscription.unsubscribe()
    expect(kernel.getState().networks.activeNamespace).toBe('eip155')
    expect(views()).toEqual(['Account'])
    expect(shown).toEqual(['closed', 'Account'])
    // The last namespace leaving: Connect.
    run(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }), createEvent('CONNECTION_RESET', { namespace: 'eip155' }))
    expect(kernel.getState().router.connected).toBe(false)
    expect(views()).toEqual(['Connect'])
  })

  it('openAllWallets sends the public CLICK_ALL_WALLETS and pushes AllWallets (SPEC §2)', () => {
    const { kernel, run, views } = setup()
    run(open())
    run(...openAllWallets(kernel.getState()))
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(kernel.log().map((e) => e.type)).toContain('CLICK_ALL_WALLETS')
  })

  it('selectors return the same references for the same state (stable for useSyncExternalStore)', () => {
    const { kernel, run } = setup()
    run(open(), createEvent('ROUTER_PUSH', { view: 'ConnectingExternal', data: { connectorId: 'a' } }))
    const state = kernel.getState()
    run(createEvent('WALLET_SEARCH_CHANGED', { query: 'x' }))
    expect(kernel.getState()).toBe(state)
    expect(selectHistory(kernel.getState())).toBe(selectHistory(state))
    expect(selectRouteData(kernel.getState())).toBe(selectRouteData(state))
    expect(selectTransactionStack(kernel.getState())).toBe(selectTransactionStack(state))
  })
})

describe('router transaction stack (SPEC §2, §4)', () => {
  it('opens the modal on an unsafe request with one public MODAL_OPEN (SPEC §2)', () => {
    const { kernel, run, views, count } = setup()
    run(open(), push('AllWallets'), back, back, pushed('a'))
    expect(selectIsOpen(kernel.getState())).toBe(true)
    expect(views()).toEqual(['ApproveTransaction'])
    expect(count('MODAL_OPEN')).toBe(2)
    expect(selectTransactionStack(kernel.getState())).toEqual([{ id: 'a', view: 'ApproveTransaction' }])
    expect(kernel.replay()).toEqual(kernel.getState())
  })

  it('on an open modal a request pushes (or replaces) its view without another MODAL_OPEN (SPEC §4)', () => {
    const { run, views, count } = setup()
    run(open(), pushed('a', View.SwitchNetwork), pushed('b', View.Swap, true))
    expect(views()).toEqual(['Connect', 'Swap'])
    expect(count('MODAL_OPEN')).toBe(1)
  })

  it('a request id already on the stack is ignored', () => {
    const { kernel, run } = setup()
    run(open(), pushed('a'))
    const before = kernel.getState()
    run(pushed('a', View.Swap))
    expect(kernel.getState()).toBe(before)
  })

  it('error and cancel run their callback outside state and go back (SPEC §4)', () => {
    for (const outcome of ['error', 'cancel'] as const) {
      const { kernel, run, views } = setup()
      run(open(), pushed('a'))
      run(settled('a', outcome))
      expect(views()).toEqual(['Connect'])
      expect(selectTransactionStack(kernel.getState())).toEqual([])
      expect(selectIsOpen(kernel.getState())).toBe(true)
    }
  })

  it('the modal closes after a successful request when no transaction stack remains, with one MODAL_CLOSE (SPEC §2)', () => {
    const { kernel, run, closes } = setup()
    run(open(), pushed('a', View.SwitchNetwork), pushed('b'))
    run(settled('b', 'success'))
    // One request is still pending: its view stays.
    expect(selectIsOpen(kernel.getState())).toBe(true)
    expect(selectView(kernel.getState())).toBe('ApproveTransaction')
    run(settled('a', 'success'))
    expect(selectIsOpen(kernel.getState())).toBe(false)
    expect(closes()).toBe(1)
    expect(kernel.replay()).toEqual(kernel.getState())
  })

  it('settling an id that is not on the stack changes nothing', () => {
    const { kernel, run } = setup()
    run(open(), pushed('a'))
    const before = kernel.getState()
    run(settled('zz', 'success'), settled('zz', 'error'))
    expect(kernel.getState()).toBe(before)
  })
})

describe('router: registered views only (issue 11 §1)', () => {
  it('ignores a push, replace, reset, open or request of a view no module registers, keeping the same state', () => {
    const { kernel, run } = setup()
    run(open(), push('AllWallets'))
    const before = kernel.getState()
    run(
      push('Nowhere'),
      createEvent('ROUTER_REPLACE', { view: 'Nowhere' }),
      createEvent('ROUTER_RESET', { view: 'Nowhere' }),
      open('Nowhere'),
      pushed('n', 'Nowhere'),
    )
    expect(kernel.getState()).toBe(before)
  })

  it('accepts a plugin view while its plugin is loaded; unloading drops its routes and requests and lands below', () => {
    const { kernel, run, views } = setup()
    run(createEvent('PLUGIN_LOADED', { id: 'send', views: ['WalletSend'] }))
    run(open(), push('AllWallets'), push('WalletSend'), pushed('t', 'WalletSend'))
    expect(views()).toEqual(['Connect', 'AllWallets', 'WalletSend'])
    expect(selectTransactionStack(kernel.getState())).toEqual([{ id: 't', view: 'WalletSend' }])
    run(createEvent('PLUGIN_UNLOADED', { id: 'send' }))
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(selectTransactionStack(kernel.getState())).toEqual([])
    run(push('WalletSend'))
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(kernel.replay()).toEqual(kernel.getState())
  })

  it('a plugin view alone on the stack gives way to Connect, or Account when connected (SPEC §2)', () => {
    const { run, views } = setup()
    run(createEvent('PLUGIN_LOADED', { id: 'send', views: ['WalletSend'] }), connected, open('WalletSend'))
    run(createEvent('PLUGIN_UNLOADED', { id: 'send' }))
    expect(views()).toEqual(['Account'])
  })

  it('a plugin cannot take a core view or another plugin view', () => {
    const { kernel, run } = setup()
    run(createEvent('PLUGIN_LOADED', { id: 'a', views: ['Connect', 'Mine'] }), createEvent('PLUGIN_LOADED', { id: 'b', views: ['Mine', 'Theirs'] }))
    expect(kernel.getState().router.pluginViews).toMatchObject({ a: ['Mine'], b: ['Theirs'] })
    run(createEvent('PLUGIN_UNLOADED', { id: 'a' }), createEvent('PLUGIN_UNLOADED', { id: 'a' }))
    expect(kernel.getState().router.pluginViews.a).toBeUndefined()
  })
})

describe('router: what the views used to decide (issue 11 §3)', () => {
  it('a reset connection leaves Account for Connect (the old disconnect-then-reset of the Account view, SPEC §2)', () => {
    const { run, views } = setup()
    run(connected, open(), push('SwitchNetwork'))
    expect(views()).toEqual(['Account', 'SwitchNetwork'])
    run(createEvent('CONNECTION_RESET', { namespace: null }))
    expect(views()).toEqual(['Connect'])
  })

  it('a reset connection leaves other stacks alone', () => {
    const { run, views } = setup()
    run(open(), push('AllWallets'), createEvent('CONNECTION_RESET', { namespace: null }))
    expect(views()).toEqual(['Connect', 'AllWallets'])
  })

  it('a switched network takes the open picker back to where it was opened from, closing from the first view', () => {
    const a = setup()
    a.run(connected, open(), push('SwitchNetwork'), createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }))
    expect(a.views()).toEqual(['Account'])
    const b = setup()
    b.run(open('SwitchNetwork'), createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }))
    expect(selectIsOpen(b.kernel.getState())).toBe(false)
    expect(b.closes()).toBe(1)
    const c = setup()
    c.run(open(), push('AllWallets'), createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }))
    expect(c.views()).toEqual(['Connect', 'AllWallets'])
  })

  it('a restore that connects while the modal shows Connect alone moves it to Account; other stacks stay (SPEC §2, §4; issue 26 §5)', () => {
    const restored = createEvent('CONNECTION_RESTORED', { namespace: 'eip155', connectorId: 'test.wallet' })
    const a = setup()
    a.run(open(), restored)
    expect(a.views()).toEqual(['Account'])
    const b = setup()
    b.run(open(), push('AllWallets'), restored)
    expect(b.views()).toEqual(['Connect', 'AllWallets'])
    b.run(back)
    expect(b.views()).toEqual(['Account'])
    const c = setup()
    c.run(open('SwitchNetwork'), restored)
    expect(c.views()).toEqual(['SwitchNetwork'])
  })
})
