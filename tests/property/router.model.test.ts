/**
 * Property 3: a model-based test of the router against a small hand-written model of SPEC §2's
 * rules (and the §4 transaction stack). Random command sequences run against the real router
 * module in a real kernel, its effects included; after each command the open flag, the current
 * view, the stack depth (the whole stack, in fact), the number of MODAL_OPEN, MODAL_CLOSE and
 * Farcaster-abandoning events (the socials plugin's rule, loaded beside the router) must match the
 * model, and folding the log must equal the live state.
 * The feature views are registered by a plugin that loads and unloads at random; navigating to a
 * view no module registers ('Nowhere', or a feature view while its plugin is out) changes nothing.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../src/kernel/kernel'
import { defaultDeps, memoryStorage } from '../../src/kernel/deps'
import { createEvent, type AirlockEvent } from '../../src/kernel/registry'
import { routerModule } from '../../src/core/router/module'
import socials from '../../src/plugins/socials/index'
import { closeModal, openModal } from '../../src/core/router/commands'
import { resolveOptions } from '../../src/core/options/resolve'
import { ethereum } from '../../src/core/networks/chains/ethereum'
import { MODEL_RUNS, runs } from './settings'

interface Model {
  open: boolean
  stack: string[]
  connected: boolean
  /** The locks on closing by holder: the views each covers, or null for every view. */
  locks: Record<string, string[] | null>
  /** The pending transaction-stack entries. */
  pending: { id: string; view: string }[]
  /** Whether the plugin that registers the feature views is loaded. */
  featuresLoaded: boolean
  opens: number
  closes: number
  /** How many times the Farcaster url was cleared. */
  farcasterClears: number
}

// 'Nowhere' is registered by no module: every navigation to it is ignored.
const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'SwitchNetwork',
  'SIWXSignMessage',
  'ApproveTransaction',
  'ConnectingFarcaster',
  'Nowhere',
]
/** The feature views, registered as their plugins would register them. */
const PLUGIN_VIEWS = ['SIWXSignMessage', 'ApproveTransaction', 'ConnectingFarcaster']
const registered = (m: Model, view: string) => view !== 'Nowhere' && (m.featuresLoaded || !PLUGIN_VIEWS.includes(view))
const top = (m: Model) => m.stack[m.stack.length - 1] ?? 'Connect'
// SPEC §2: Account is shown instead of Connect when connected.
const opening = (m: Model, view: string) => (view === 'Connect' && m.connected ? 'Account' : view)
// Close is disabled while a lock covers the current view (SPEC §2: the siwx plugin locks the sign
// and approve views while sign-in is required and no session exists).
const canClose = (m: Model) => Object.values(m.locks).every((views) => views !== null && !views.includes(top(m)))
const SIGN_VIEWS = ['SIWXSignMessage', 'ApproveTransaction']
// SPEC §2: going back to Connect while connected lands on Account.
const land = (m: Model) => {
  if (top(m) === 'Connect' && m.connected) m.stack[m.stack.length - 1] = 'Account'
}
// SPEC §2: going back from ConnectingFarcaster while not connected abandons the Farcaster login.
const leaving = (m: Model, view: string) => {
  if (view === 'ConnectingFarcaster' && !m.connected) m.farcasterClears += 1
}
const close = (m: Model) => {
  m.open = false
  m.closes += 1
}
// SPEC §2: back pops; from the first view it closes the modal (when open and closing is allowed).
const back = (m: Model) => {
  if (m.stack.length > 1) {
    leaving(m, top(m))
    m.stack.pop()
    land(m)
  } else if (m.open && canClose(m)) {
    leaving(m, top(m))
    close(m)
  }
}

type Real = { kernel: Kernel }

class Step implements fc.Command<Model, Real> {
  constructor(
    readonly label: string,
    readonly events: (r: Real) => readonly AirlockEvent[],
    readonly apply: (m: Model) => void,
  ) {}
  check = () => true
  run(m: Model, r: Real): void {
    this.apply(m)
    this.events(r).forEach((event) => r.kernel.dispatch(event))
    const state = r.kernel.getState().router
    const count = (type: string) => r.kernel.log().filter((e) => e.type === type).length
    expect(state.open).toBe(m.open)
    expect(state.history[state.history.length - 1]?.view).toBe(top(m))
    expect(state.history.length).toBe(m.stack.length)
    expect(state.history.map((route) => route.view)).toEqual(m.stack)
    expect(state.transactionStack).toEqual(m.pending)
    expect(count('MODAL_OPEN')).toBe(m.opens)
    expect(count('MODAL_CLOSE')).toBe(m.closes)
    expect(count('FARCASTER_LOGIN_ABANDONED')).toBe(m.farcasterClears)
    expect(r.kernel.replay()).toEqual(r.kernel.getState())
  }
  toString = () => this.label
}

const event = (e: AirlockEvent) => () => [e]
const { options } = resolveOptions({ projectId: 'model', networks: [ethereum] })
const view = fc.constantFrom(...VIEWS)
const id = fc.constantFrom('a', 'b', 'c')

const commands = [
  // Opening and closing go through the public commands, as `airlock.open()` / `close()` do.
  fc.option(view, { nil: undefined }).map(
    (v) =>
      new Step(
        `open(${v ?? ''})`,
        (r) => openModal(r.kernel.getState(), { view: v }),
        (m) => {
          // The public MODAL_OPEN is logged either way; the router ignores a view no module registers.
          m.opens += 1
          if (v !== undefined && !registered(m, v)) return
          m.open = true
          m.stack = [opening(m, v ?? 'Connect')]
        },
      ),
  ),
  fc.constant(
    new Step(
      'close',
      (r) => closeModal(r.kernel.getState()),
      (m) => {
        if (m.open && canClose(m)) close(m)
      },
    ),
  ),
  view.map(
    (v) =>
      new Step(`push(${v})`, event(createEvent('ROUTER_PUSH', { view: v })), (m) => {
        // SPEC §2: push is ignored if the target view is the current one.
        if (registered(m, v) && top(m) !== v) m.stack.push(v)
      }),
  ),
  view.map(
    (v) => new Step(`replace(${v})`, event(createEvent('ROUTER_REPLACE', { view: v })), (m) => void (registered(m, v) && (m.stack[m.stack.length - 1] = v))),
  ),
  view.map((v) => new Step(`reset(${v})`, event(createEvent('ROUTER_RESET', { view: v })), (m) => void (registered(m, v) && (m.stack = [v])))),
  fc.constant(new Step('back', event(createEvent('ROUTER_BACK', {})), back)),
  fc.integer({ min: -1, max: 6 }).map(
    (index) =>
      new Step(`backToIndex(${index})`, event(createEvent('ROUTER_BACK_TO_INDEX', { index })), (m) => {
        if (index < 0 || index >= m.stack.length - 1) return
        leaving(m, top(m))
        m.stack = m.stack.slice(0, index + 1)
        land(m)
      }),
  ),
  fc.constant(
    new Step('backOrClose', event(createEvent('ROUTER_BACK_OR_CLOSE', {})), (m) => {
      // Ignored as a whole while closing is disabled.
      if (canClose(m)) back(m)
    }),
  ),
  fc.boolean().map(
    (on) =>
      new Step(
        `connected(${on})`,
        event(
          on
            ? createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' })
            : createEvent('DISCONNECT_SUCCESS', { namespace: null }),
        ),
        (m) => {
          m.connected = on
        },
      ),
  ),
  fc.tuple(fc.constantFrom('features', 'other'), fc.boolean(), fc.option(fc.constantFrom(SIGN_VIEWS, ['AllWallets']), { nil: undefined })).map(
    ([by, locked, views]) =>
      new Step(
        `lock(${by}, ${locked}, ${views?.join('+') ?? 'all'})`,
        event(locked ? createEvent('CLOSE_LOCKED', views !== undefined ? { by, views } : { by }) : createEvent('CLOSE_UNLOCKED', { by })),
        (m) => {
          if (locked) m.locks[by] = views === undefined ? null : [...views]
          else delete m.locks[by]
        },
      ),
  ),
  fc.tuple(id, view, fc.boolean()).map(
    ([i, v, replace]) =>
      new Step(`txPush(${i}, ${v}, ${replace})`, event(createEvent('TRANSACTION_STACK_PUSHED', { id: i, view: v, replace })), (m) => {
        if (m.pending.some((p) => p.id === i) || !registered(m, v)) return
        m.pending.push({ id: i, view: v })
        if (!m.open) {
          // SPEC §2: the modal opens on the request, with a public MODAL_OPEN.
          m.open = true
          m.opens += 1
          m.stack = [opening(m, v)]
        } else if (replace) m.stack[m.stack.length - 1] = v
        else if (top(m) !== v) m.stack.push(v)
      }),
  ),
  fc.tuple(id, fc.constantFrom('success' as const, 'error' as const, 'cancel' as const)).map(
    ([i, outcome]) =>
      new Step(`txSettle(${i}, ${outcome})`, event(createEvent('TRANSACTION_STACK_SETTLED', { id: i, outcome })), (m) => {
        if (!m.pending.some((p) => p.id === i)) return
        m.pending = m.pending.filter((p) => p.id !== i)
        // SPEC §4: error and cancel also go back. SPEC §2: the modal closes after a successful
        // request when no transaction stack remains.
        if (outcome !== 'success') back(m)
        else if (m.pending.length === 0 && m.open) close(m)
      }),
  ),
  fc.constant(
    new Step('unloadFeatures', event(createEvent('PLUGIN_UNLOADED', { id: 'features' })), (m) => {
      // An unloaded plugin holds no lock, loaded or not.
      delete m.locks.features
      if (!m.featuresLoaded) return
      m.featuresLoaded = false
      // Its views leave the stack (landing on what is below, or Connect/Account) and its requests go.
      if (m.stack.some((v) => PLUGIN_VIEWS.includes(v))) {
        m.stack = m.stack.filter((v) => !PLUGIN_VIEWS.includes(v))
        if (m.stack.length === 0) m.stack = ['Connect']
        land(m)
      }
      m.pending = m.pending.filter((p) => !PLUGIN_VIEWS.includes(p.view))
    }),
  ),
  fc.constant(
    new Step('loadFeatures', event(createEvent('PLUGIN_LOADED', { id: 'features', views: PLUGIN_VIEWS })), (m) => {
      m.featuresLoaded = true
    }),
  ),
]

describe('property 3: the router against a model of SPEC §2', () => {
  it('agrees with the model on open, view, stack depth and the events it logs after every command, and replays', () => {
    fc.assert(
      // Half the runs start with the sign views locked (sign-in required, no session), so the close-disabled rules come up often.
      fc.property(fc.boolean(), fc.commands(commands, { maxCommands: 60, size: 'medium' }), (signInRequired, cmds) => {
        const kernel = createKernel({
          modules: [routerModule, socials],
          deps: defaultDeps({ storage: memoryStorage(), scheduler: new VirtualTimeScheduler(), fetch: undefined, window: undefined }),
        })
        kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
        kernel.dispatch(createEvent('PLUGIN_LOADED', { id: 'features', views: PLUGIN_VIEWS }))
        if (signInRequired) kernel.dispatch(createEvent('CLOSE_LOCKED', { by: 'features', views: SIGN_VIEWS }))
        const model: Model = {
          open: false,
          stack: ['Connect'],
          connected: false,
          locks: signInRequired ? { features: [...SIGN_VIEWS] } : {},
          pending: [],
          featuresLoaded: true,
          opens: 0,
          closes: 0,
          farcasterClears: 0,
        }
        fc.modelRun(() => ({ model, real: { kernel } }), cmds)
        kernel.destroy()
      }),
      runs({ atMost: MODEL_RUNS }),
    )
  })
})
