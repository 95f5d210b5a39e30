import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { routerModule } from './module'
import { selectCanClose, selectIsOpen, selectView } from './selectors'
import { closeModal, goBack, openModal, pushView } from './commands'

function setup() {
  const scheduler = new VirtualTimeScheduler()
  const kernel = createKernel({ modules: [routerModule], deps: defaultDeps({ storage: memoryStorage(), scheduler }) })
  const run = (...events: AirlockEvent[]) => events.forEach((e) => kernel.dispatch(e))
  const views = () => kernel.getState().router.history.map((r) => r.view)
  const closes = () => kernel.log().filter((e) => e.type === 'MODAL_CLOSE').length
  return { kernel, scheduler, run, views, closes }
}
const open = (view?: string) => createEvent('MODAL_OPEN', view === undefined ? { connected: false } : { connected: false, view })
const push = (view: string) => createEvent('ROUTER_PUSH', { view })
const back = createEvent('ROUTER_BACK', {})
const connected = createEvent('CONNECTION_STATUS_CHANGED', { status: 'connected' })

describe('router (SPEC §2)', () => {
  it('opens on Connect when not connected, and on Account when connected', () => {
    const a = setup()
    a.run(open())
    expect(a.views()).toEqual(['Connect'])
    const b = setup()
    b.run(connected, open())
    expect(b.views()).toEqual(['Account'])
    expect(selectIsOpen(b.kernel.getState())).toBe(true)
  })

  it('opens on the requested view', () => {
    const { run, views } = setup()
    run(open('SwitchNetwork'))
    expect(views()).toEqual(['SwitchNetwork'])
  })

  it('ignores a push of the current view', () => {
    const { kernel, run, views } = setup()
    run(open(), push('AllWallets'))
    const before = kernel.getState()
    run(push('AllWallets'))
    expect(views()).toEqual(['Connect', 'AllWallets'])
    expect(kernel.getState()).toBe(before)
    expect(pushView(kernel.getState(), 'AllWallets')).toEqual([])
  })

  it('replace swaps the current view; reset leaves one view', () => {
    const { run, views } = setup()
    run(open(), push('AllWallets'), createEvent('ROUTER_REPLACE', { view: 'ConnectingExternal' }))
    expect(views()).toEqual(['Connect', 'ConnectingExternal'])
    run(createEvent('ROUTER_RESET', { view: 'Account' }))
    expect(views()).toEqual(['Account'])
  })

  it('back from the first view closes the modal, with exactly one MODAL_CLOSE', () => {
    const { kernel, run, closes } = setup()
    run(open(), push('AllWallets'), back)
    expect(selectView(kernel.getState())).toBe('Connect')
    expect(closes()).toBe(0)
    run(back)
    expect(selectIsOpen(kernel.getState())).toBe(false)
    expect(closes()).toBe(1)
    expect(kernel.replay()).toEqual(kernel.getState())
  })

  it('going back to Connect while connected lands on Account', () => {
    const { run, views } = setup()
    run(open(), push('AllWallets'), push('ConnectingExternal'), connected, back, back)
    expect(views()).toEqual(['Account'])
  })

  it('back to an index keeps the stack up to it, and ignores an index out of range', () => {
    const { kernel, run, views } = setup()
    run(open(), push('AllWallets'), push('ConnectingExternal'), push('SwitchNetwork'))
    const before = kernel.getState()
    run(createEvent('ROUTER_BACK_TO_INDEX', { index: 7 }))
    expect(kernel.getState()).toBe(before)
    run(createEvent('ROUTER_BACK_TO_INDEX', { index: 1 }))
    expect(views()).toEqual(['Connect', 'AllWallets'])
  })

  it('back-or-close goes back when it can, and closes from the first view', () => {
    const { kernel, run, closes } = setup()
    run(open(), push('AllWallets'), createEvent('ROUTER_BACK_OR_CLOSE', {}))
    expect(selectView(kernel.getState())).toBe('Connect')
    run(createEvent('ROUTER_BACK_OR_CLOSE', {}))
    expect(selectIsOpen(kernel.getState())).toBe(false)
    expect(closes()).toBe(1)
  })

  it('close is disabled on the sign and approve views when sign-in is required and no session exists', () => {
    const { kernel, run, closes } = setup()
    const { options } = { options: { siwx: { required: true } } }
    run(createEvent('OPTIONS_INITIALIZED', { options } as never), open('SIWXSignMessage'))
    expect(selectCanClose(kernel.getState())).toBe(false)
    expect(closeModal(kernel.getState())).toEqual([])
    run(createEvent('MODAL_CLOSE', { connected: false }), back, createEvent('ROUTER_BACK_OR_CLOSE', {}))
    expect(selectIsOpen(kernel.getState())).toBe(true)
    run(createEvent('SIWX_SESSION_CHANGED', { hasSession: true }))
    expect(selectCanClose(kernel.getState())).toBe(true)
    const before = closes()
    run(...closeModal(kernel.getState()))
    expect(selectIsOpen(kernel.getState())).toBe(false)
    expect(closes() - before).toBe(1)
  })

  it('closing twice dispatches nothing the second time', () => {
    const { kernel, run } = setup()
    run(...openModal(kernel.getState()))
    run(...closeModal(kernel.getState()))
    expect(closeModal(kernel.getState())).toEqual([])
    expect(goBack(kernel.getState())).toEqual([])
  })

  it('opens on an unsafe request, goes back on error or cancel, and closes after the last success (SPEC §2, §4)', () => {
    const { kernel, run, views, closes } = setup()
    run(createEvent('TRANSACTION_STACK_PUSHED', { id: 'a', view: 'ApproveTransaction', replace: false }))
    expect(selectIsOpen(kernel.getState())).toBe(true)
    expect(views()).toEqual(['Connect', 'ApproveTransaction'])
    run(createEvent('TRANSACTION_STACK_SETTLED', { id: 'a', outcome: 'cancel' }))
    expect(views()).toEqual(['Connect'])
    run(createEvent('TRANSACTION_STACK_PUSHED', { id: 'b', view: 'ApproveTransaction', replace: false }))
    run(createEvent('TRANSACTION_STACK_SETTLED', { id: 'b', outcome: 'success' }))
    expect(selectIsOpen(kernel.getState())).toBe(false)
    expect(closes()).toBe(1)
  })

  it('back from ConnectingFarcaster while not connected clears the Farcaster url and reloads the auth provider after 100 ms', () => {
    const { kernel, scheduler, run } = setup()
    run(open(), push('ConnectingFarcaster'), back)
    const types = () => kernel.log().map((e) => e.type)
    expect(kernel.log().find((e) => e.type === 'ACCOUNT_SET')?.payload).toEqual({ namespace: 'eip155', fields: { farcasterUrl: null } })
    expect(types()).not.toContain('AUTH_PROVIDER_RELOAD_REQUESTED')
    scheduler.flush()
    expect(types()).toContain('AUTH_PROVIDER_RELOAD_REQUESTED')
    expect(scheduler.now()).toBe(100)
  })

  it('back from ConnectingFarcaster while connected does neither', () => {
    const { kernel, scheduler, run } = setup()
    run(open(), push('ConnectingFarcaster'), connected, back)
    scheduler.flush()
    expect(kernel.log().map((e) => e.type)).not.toContain('AUTH_PROVIDER_RELOAD_REQUESTED')
  })

  it('leaves the state as the same reference for events it does not handle', () => {
    const { kernel, run } = setup()
    const before = kernel.getState()
    run(createEvent('WALLET_SEARCH_CHANGED', { query: 'x' }))
    expect(kernel.getState()).toBe(before)
  })
})
