/**
 * A question of the secure frame closes the success or error banner of what came before, first:
 * the banner's own close, up to 3 s later, would move the frame under the visitor's pointer, and
 * the frame counts no Approve for a moment after it moved (services/frame/app/approval/guard.ts).
 * In CI under load, a crash's error banner closing between the pointer's arrival and the click
 * cost the next signature its approval. The core modules and the plugin on a real kernel; the
 * frame port's view is the test's.
 */
import { describe, expect, it } from 'vitest'
import { BehaviorSubject, Subject } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { createEvent } from '../../kernel/registry'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { unavailableEmbeddedWallet, type EmbeddedWalletPort, type FrameApprovalView, type SettledApproval } from '../../embedded/port'
import { testDeps } from '../../../tests/support/testDeps'
import embeddedWallet from './index'

const FIRST = '6f9c1f1e-2c55-4a4e-9b1e-0a0a0a0a0a01' as FrameApprovalView['requestId']
const SECOND_ID = '6f9c1f1e-2c55-4a4e-9b1e-0a0a0a0a0a02'
const SECOND = SECOND_ID as FrameApprovalView['requestId']

function start() {
  const approvalView$ = new BehaviorSubject<FrameApprovalView>({ requestId: null, height: 0 })
  const settled$ = new Subject<SettledApproval>()
  const port: EmbeddedWalletPort = { ...unavailableEmbeddedWallet(), approvalView$, settled$ }
  const kernel = createKernel({
    modules: [...coreModules, embeddedWallet],
    deps: testDeps(),
    depsFor: (module, d) => testDeps({ ...d, embedded: port, moduleId: module.id, storageKeys: module.storage ?? {} }),
  })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p1', networks: [ethereum] }).options }))
  kernel.dispatch(createEvent('PLUGIN_LOADED', { id: 'embeddedWallet', views: Object.keys(embeddedWallet.views ?? {}) }))
  const banner = (message: string) => kernel.dispatch(createEvent('NOTIFICATION_REQUESTED', { variant: 'error', message }))
  const open = () => kernel.getState().notifications.open
  return { kernel, approvalView$, settled$, banner, open }
}

describe('a question of the secure frame and the banner', () => {
  it('closes the open banner as the question appears, in the same dispatch', () => {
    const t = start()
    t.banner('Network Error - Could not load embedded wallet')
    expect(t.open()).toBe(true)
    // Every state the kernel passes through after the question arrived: none has both.
    const both: boolean[] = []
    const watching = t.kernel.state$.subscribe((state) => both.push(state.notifications.open && state.embeddedWallet?.frameView.requestId != null))
    t.approvalView$.next({ requestId: FIRST, height: 240 })
    watching.unsubscribe()
    expect(t.kernel.getState().embeddedWallet?.frameView).toEqual({ requestId: FIRST, height: 240 })
    expect(t.open()).toBe(false)
    expect(both.filter(Boolean)).toEqual([])
  })

  it('leaves a banner raised while the same question stays (its height changes), and closes it at the next question', () => {
    const t = start()
    t.approvalView$.next({ requestId: FIRST, height: 240 })
    t.banner('Transaction failed')
    t.approvalView$.next({ requestId: FIRST, height: 280 })
    expect(t.open()).toBe(true)
    t.approvalView$.next({ requestId: SECOND, height: 280 })
    expect(t.open()).toBe(false)
  })

  it('leaves a loading banner, which closes only when replaced after the answer', () => {
    const t = start()
    t.kernel.dispatch(createEvent('NOTIFICATION_REQUESTED', { variant: 'loading', message: 'Sending 1 ETH…' }))
    t.approvalView$.next({ requestId: FIRST, height: 240 })
    expect(t.open()).toBe(true)
  })

  it('closes nothing when no question is shown, or no banner is open', () => {
    const t = start()
    t.banner('Copied')
    t.approvalView$.next({ requestId: null, height: 0 })
    expect(t.open()).toBe(true)
    const quiet = start()
    quiet.approvalView$.next({ requestId: FIRST, height: 240 })
    expect(quiet.kernel.log().filter((event) => event.type === 'NOTIFICATION_CLOSED')).toEqual([])
  })

  it('holds the error banner of a request that failed while the frame asks about another, until no question shows', () => {
    const t = start()
    t.approvalView$.next({ requestId: FIRST, height: 240 })
    // Every state while FIRST is asked: none has a banner open over it.
    const over: boolean[] = []
    const watching = t.kernel.state$.subscribe((state) => over.push(state.notifications.open && state.embeddedWallet?.frameView.requestId === FIRST))
    t.settled$.next({ id: SECOND_ID, outcome: 'error', message: 'Transaction failed' })
    t.approvalView$.next({ requestId: FIRST, height: 280 })
    expect(t.open()).toBe(false)
    t.approvalView$.next({ requestId: null, height: 0 })
    watching.unsubscribe()
    expect(over.filter(Boolean)).toEqual([])
    expect(t.open()).toBe(true)
    expect(t.kernel.getState().notifications.text).toEqual({ message: 'Transaction failed' })
    // Settled at once all the same: the stack does not wait for the banner.
    expect(t.kernel.log().some((event) => event.type === 'TRANSACTION_STACK_SETTLED' && event.payload.id === SECOND_ID)).toBe(true)
  })

  it('shows the error banner at once when no question shows, or the question was the failed request’s own', () => {
    const t = start()
    t.settled$.next({ id: SECOND_ID, outcome: 'error', message: 'Transaction failed' })
    expect(t.open()).toBe(true)
    const own = start()
    own.approvalView$.next({ requestId: SECOND, height: 240 })
    own.settled$.next({ id: SECOND_ID, outcome: 'error', message: 'Transaction failed' })
    expect(own.open()).toBe(true)
  })
})
