/**
 * The recovery views' effects (docs/features/embedded-wallet.md "Who holds what"): the core modules and the embedded-wallet
 * plugin in a kernel, its `embedded` port a scripted fake of this file. A sign-in that needs the
 * recovery code opens RecoverWallet; its request to the frame, once answered, reads the user and
 * connects; a failure is kept for the view; the frame's view for a recovery request never opens
 * ApproveTransaction; leaving the view cancels; the code never appears on the page's side.
 */
import { describe, expect, it, vi } from 'vitest'
import { BehaviorSubject, VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from 'airlock/plugin'
import { coreModules } from '../../core/modules'
import { openModal, pushView } from 'airlock/plugin'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { unavailableEmbeddedWallet, type EmbeddedWalletPort, type FrameApprovalView } from '../../embedded/port'
import { WALLET_RECOVERY_NEEDED, type AppEventType, type FrameUser } from '../../embedded/protocol'
import { testDeps } from '../../../tests/support/testDeps'
import embeddedWallet from './index'
import { embeddedWalletCommands } from './commands'

const USER: FrameUser = {
  email: 'ada@example.com',
  userName: null,
  provider: 'email',
  address: '0x00000000000000000000000000000000000000aa',
  chainId: 1,
  accounts: [{ address: '0x00000000000000000000000000000000000000aa', type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

type Script = Partial<Record<AppEventType, (payload: unknown) => Promise<unknown>>>

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** `frameLoads`: the frame starts (else it fails to, as where no secure site is configured). */
function start(script: Script, frameLoads = false) {
  const asked: AppEventType[] = []
  let cancelled = 0
  const approvalView$ = new BehaviorSubject<FrameApprovalView>({ requestId: null, height: 0 })
  const port: EmbeddedWalletPort = {
    ...unavailableEmbeddedWallet(),
    approvalView$,
    ...(frameLoads && { start: async () => undefined }),
    rejectAll: () => void (cancelled += 1),
    request: ((type: AppEventType, payload: unknown) => {
      asked.push(type)
      const answer = script[type]
      return answer ? answer(payload) : Promise.reject(new Error(`unexpected ${type}`))
    }) as EmbeddedWalletPort['request'],
  }
  const deps = defaultDeps({
    storage: memoryStorage({}),
    fetch: undefined,
    window: undefined,
    scheduler: new VirtualTimeScheduler(),
    clock: { now: () => 1_700_000_000_000 },
    logger: { warn() {}, error() {} },
  })
  const kernel = createKernel({
    modules: [...coreModules, embeddedWallet],
    deps,
    depsFor: (module, d) => testDeps({ ...d, embedded: port, moduleId: module.id, storageKeys: module.storage ?? {} }),
  })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p1', networks: [ethereum] }).options }))
  kernel.dispatch(createEvent('PLUGIN_LOADED', { id: 'embeddedWallet', views: Object.keys(embeddedWallet.views ?? {}) }))
  const views = () => kernel.getState().router.history.map((route) => route.view)
  const types = () => kernel.log().map((event) => event.type)
  const recovery = () => kernel.getState().embeddedWallet!.recovery
  const run = (events: ReturnType<(typeof embeddedWalletCommands)['startRecovery']>) => events.forEach((event) => kernel.dispatch(event))
  return { kernel, asked, approvalView$, views, types, recovery, run, cancelled: () => cancelled }
}

describe('the recovery views (issue 23 §3)', () => {
  it('a sign-in that needs the code opens RecoverWallet; the frame’s answer reads the user and connects', async () => {
    const t = start({ RECOVER_WALLET: async () => ({}), GET_USER: async () => USER })
    t.kernel.dispatch((state) => openModal(state, { view: 'Connect' }))
    t.kernel.dispatch(createEvent('EMBEDDED_RECOVERY_NEEDED', {}))
    // The recovery effects are a chunk fetched at this first recovery event.
    await vi.waitFor(() => expect(t.views()).toEqual(['Connect', 'RecoverWallet']))

    t.run(embeddedWalletCommands.startRecovery(t.kernel.getState(), 'recover'))
    // The frame shows its form for the request: the modal stays on RecoverWallet (no ApproveTransaction pushed).
    t.approvalView$.next({ requestId: '6f9c1f1e-2c55-4a4e-9b1e-0a0a0a0a0a0a' as never, height: 300 })
    await settle()
    expect(t.kernel.getState().router.transactionStack).toEqual([])
    expect(t.types()).toEqual(expect.arrayContaining(['EMBEDDED_RECOVERY_STARTED', 'EMBEDDED_RECOVERY_ENDED', 'EMBEDDED_LOGIN_SUCCEEDED', 'CONNECT_REQUESTED']))
    expect(t.asked).toEqual(['RECOVER_WALLET', 'GET_USER'])
    expect(t.recovery()).toEqual({ mode: null, error: null })
    const login = t.kernel.log().find((event) => event.type === 'EMBEDDED_LOGIN_SUCCEEDED')
    expect(login?.payload).toEqual({ provider: 'email', identifier: 'ada@example.com' })
  })

  it('a sign-in left waiting for its code (a reload on RecoverWallet) goes on there at the modal’s first open; a frame with no such session asks nothing', async () => {
    const t = start({ IS_CONNECTED: async () => Promise.reject(new Error(WALLET_RECOVERY_NEEDED)) }, true)
    t.kernel.dispatch((state) => openModal(state, { view: 'Connect' }))
    await vi.waitFor(() => expect(t.views()).toEqual(['Connect', 'RecoverWallet']))
    expect(t.asked).toEqual(['IS_CONNECTED'])

    const fresh = start({ IS_CONNECTED: async () => ({ isConnected: false }) }, true)
    fresh.kernel.dispatch((state) => openModal(state, { view: 'Connect' }))
    await vi.waitFor(() => expect(fresh.asked).toEqual(['IS_CONNECTED']))
    await settle()
    expect(fresh.views()).toEqual(['Connect'])
  })

  it('keeps the frame’s words when the visitor cancels, and a try again asks the frame again', async () => {
    let tries = 0
    const t = start({
      RECOVER_WALLET: async () => {
        tries += 1
        if (tries === 1) throw new Error('Request was aborted')
        return {}
      },
      GET_USER: async () => USER,
    })
    t.run(embeddedWalletCommands.startRecovery(t.kernel.getState(), 'recover'))
    await vi.waitFor(() => expect(t.recovery()).toEqual({ mode: null, error: 'Request was aborted' }))
    expect(t.types()).not.toContain('CONNECT_REQUESTED')
    t.run(embeddedWalletCommands.startRecovery(t.kernel.getState(), 'recover'))
    await settle()
    expect(t.recovery()).toEqual({ mode: null, error: null })
    expect(t.types()).toContain('CONNECT_REQUESTED')
  })

  it('Recovery code: the frame shows it, Done goes back; leaving before cancels; the page’s state never holds a code', async () => {
    let done!: () => void
    const t = start({ SHOW_RECOVERY_CODE: () => new Promise((resolve) => (done = () => resolve({}))) })
    t.kernel.dispatch((state) => openModal(state, { view: 'EmbeddedWalletSettings' }))
    t.kernel.dispatch((state) => pushView(state, 'RecoveryCode'))
    t.run(embeddedWalletCommands.startRecovery(t.kernel.getState(), 'show'))
    await vi.waitFor(() => expect(t.asked).toEqual(['SHOW_RECOVERY_CODE']))
    expect(t.recovery().mode).toBe('show')
    done()
    await settle()
    expect(t.views()).toEqual(['EmbeddedWalletSettings'])
    expect(t.recovery()).toEqual({ mode: null, error: null })
    expect(embeddedWalletCommands.leaveRecovery(t.kernel.getState())).toEqual([])

    // Left while the frame still shows it: the request is cancelled.
    t.kernel.dispatch((state) => pushView(state, 'RecoveryCode'))
    t.run(embeddedWalletCommands.startRecovery(t.kernel.getState(), 'show'))
    t.run(embeddedWalletCommands.leaveRecovery(t.kernel.getState()))
    await settle()
    expect(t.cancelled()).toBe(1)
    expect(t.recovery()).toEqual({ mode: null, error: null })
    expect(JSON.stringify(t.kernel.getState())).not.toMatch(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/)
  })
})
