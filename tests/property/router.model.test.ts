/**
 * Property 3: a model-based test of the router against a small model of SPEC §2's rules. Random
 * command sequences run against the real router module in a real kernel; after each command the
 * open flag, the current view, the stack depth and the number of MODAL_CLOSE events must match
 * the model, and folding the log must equal the live state.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../src/kernel/kernel'
import { defaultDeps, memoryStorage } from '../../src/kernel/deps'
import { createEvent, type AirlockEvent } from '../../src/kernel/registry'
import { routerModule } from '../../src/core/router/module'
import { closeModal } from '../../src/core/router/commands'
import { resolveOptions } from '../../src/core/options/resolve'
import { ethereum } from '../../src/core/networks/chains/ethereum'
import { runs } from './settings'

interface Model {
  open: boolean
  stack: string[]
  connected: boolean
  signInRequired: boolean
  hasSession: boolean
  closes: number
}

const VIEWS = ['Connect', 'Account', 'AllWallets', 'ConnectingExternal', 'SwitchNetwork', 'SIWXSignMessage', 'ApproveTransaction', 'ConnectingFarcaster']
const top = (m: Model) => m.stack[m.stack.length - 1] ?? 'Connect'
// SPEC §2: close is disabled on the sign and approve views when sign-in is required and no session exists.
const canClose = (m: Model) => !(m.signInRequired && !m.hasSession && (top(m) === 'SIWXSignMessage' || top(m) === 'ApproveTransaction'))
// SPEC §2: going back to Connect while connected lands on Account.
const land = (m: Model) => {
  if (top(m) === 'Connect' && m.connected) m.stack[m.stack.length - 1] = 'Account'
}
const close = (m: Model) => {
  if (m.open && canClose(m)) {
    m.open = false
    m.closes += 1
  }
}

type Real = { kernel: Kernel }
const dispatch = (r: Real, event: AirlockEvent) => r.kernel.dispatch(event)

class Step implements fc.Command<Model, Real> {
  constructor(
    readonly label: string,
    readonly event: AirlockEvent | ((r: Real) => readonly AirlockEvent[]),
    readonly apply: (m: Model) => void,
  ) {}
  check = () => true
  run(m: Model, r: Real): void {
    this.apply(m)
    const events = typeof this.event === 'function' ? this.event(r) : [this.event]
    events.forEach((event) => dispatch(r, event))
    const state = r.kernel.getState().router
    expect(state.open).toBe(m.open)
    expect(state.history.map((route) => route.view)).toEqual(m.stack)
    expect(r.kernel.log().filter((e) => e.type === 'MODAL_CLOSE').length).toBe(m.closes)
    expect(r.kernel.replay()).toEqual(r.kernel.getState())
  }
  toString = () => this.label
}

const view = fc.constantFrom(...VIEWS)
const commands = [
  fc.option(view, { nil: undefined }).map(
    (v) =>
      new Step(`open(${v ?? ''})`, createEvent('MODAL_OPEN', v === undefined ? { connected: false } : { connected: false, view: v }), (m) => {
        m.open = true
        const requested = v ?? 'Connect'
        m.stack = [requested === 'Connect' && m.connected ? 'Account' : requested]
      }),
  ),
  // Closing goes through the public command, which dispatches nothing when it cannot close.
  fc.constant(new Step('close', (r) => closeModal(r.kernel.getState()), close)),
  view.map(
    (v) =>
      new Step(`push(${v})`, createEvent('ROUTER_PUSH', { view: v }), (m) => {
        if (top(m) !== v) m.stack.push(v)
      }),
  ),
  view.map((v) => new Step(`replace(${v})`, createEvent('ROUTER_REPLACE', { view: v }), (m) => void (m.stack[m.stack.length - 1] = v))),
  view.map((v) => new Step(`reset(${v})`, createEvent('ROUTER_RESET', { view: v }), (m) => void (m.stack = [v]))),
  fc.constant(
    new Step('back', createEvent('ROUTER_BACK', {}), (m) => {
      if (m.stack.length <= 1) return close(m)
      m.stack.pop()
      land(m)
    }),
  ),
  fc.integer({ min: -1, max: 6 }).map(
    (index) =>
      new Step(`backToIndex(${index})`, createEvent('ROUTER_BACK_TO_INDEX', { index }), (m) => {
        if (index < 0 || index >= m.stack.length - 1) return
        m.stack = m.stack.slice(0, index + 1)
        land(m)
      }),
  ),
  fc.constant(
    new Step('backOrClose', createEvent('ROUTER_BACK_OR_CLOSE', {}), (m) => {
      if (m.stack.length > 1) {
        m.stack.pop()
        land(m)
      } else close(m)
    }),
  ),
  fc.boolean().map(
    (on) =>
      new Step(`connected(${on})`, createEvent('CONNECTION_STATUS_CHANGED', { status: on ? 'connected' : 'disconnected' }), (m) => {
        m.connected = on
      }),
  ),
  fc.boolean().map(
    (on) =>
      new Step(`session(${on})`, createEvent('SIWX_SESSION_CHANGED', { hasSession: on }), (m) => {
        m.hasSession = on
      }),
  ),
]

describe('property 3: the router against a model of SPEC §2', () => {
  it('agrees with the model on open, view, stack depth and MODAL_CLOSE count after every command', () => {
    const { options } = resolveOptions({ projectId: 'model', networks: [ethereum] })
    fc.assert(
      fc.property(fc.boolean(), fc.commands(commands, { maxCommands: 60 }), (signInRequired, cmds) => {
        const kernel = createKernel({
          modules: [routerModule],
          deps: defaultDeps({ storage: memoryStorage(), scheduler: new VirtualTimeScheduler(), fetch: undefined, window: undefined }),
        })
        kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: { ...options, siwx: signInRequired ? { required: true } : null } }))
        const model: Model = { open: false, stack: ['Connect'], connected: false, signInRequired, hasSession: false, closes: 0 }
        fc.modelRun(() => ({ model, real: { kernel } }), cmds)
        kernel.destroy()
      }),
      runs(),
    )
  })
})
