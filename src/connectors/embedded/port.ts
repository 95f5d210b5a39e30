/**
 * The `embedded` port over the frame host and the embedded provider (see src/ports/embedded.ts).
 * Nothing happens until a plugin asks: `install()` registers the provider under the AUTH
 * connector id (so the connect, restore and follow effects reach it like any wallet), and the
 * first request attaches the frame. The frame is configured from the options at that moment: the
 * secure site's origin (`apiUrls.secureSite`), the project id and the active eip155 chain.
 */
import { BehaviorSubject, Subject, type SchedulerLike } from 'rxjs'
import type { EmbeddedWalletPort, FrameFailure, FrameStatus, PendingApproval, RefusedRequest, SettledApproval } from '../../ports/embedded'
import type { RootState } from '../../kernel/registry'
import type { AccountType, AppEventPayload, AppEventType, AppReply } from '../../events/shapes/frameProtocol'
import { AUTH_CONNECTOR_ID } from '../../events/shapes/connector'
import { VERSION } from '../../version'
import { namespaceNetwork } from '../../core/networks/selectors'
import type { ProviderRegistry } from '../providerRegistry'
import { createFrameHost, FrameError, FRAME_LOAD_FAILED_MESSAGE, type FrameHost } from './frameHost'
import { createEmbeddedProvider, type EmbeddedProvider } from './provider'

export interface EmbeddedPortOptions {
  readonly providers: ProviderRegistry
  readonly getState: () => RootState
  readonly window: Window | undefined
  readonly scheduler: SchedulerLike
}

/** The eip155 chain the frame starts on: the active eip155 network's, else the first configured. */
function startChainId(state: RootState): number {
  const reference = namespaceNetwork(state, 'eip155')?.caipNetworkId.split(':')[1]
  const id = reference === undefined ? Number.NaN : Number(reference)
  return Number.isSafeInteger(id) && id > 0 ? id : 1
}

export interface EmbeddedWalletPortImpl extends EmbeddedWalletPort {
  /** Removes the frame (the instance is destroyed). */
  destroy(): void
}

/**
 * ```ts
 * const embedded = createEmbeddedWalletPort({ providers: runtime.providers, getState, window, scheduler })
 * embedded.install('eoa')
 * await embedded.request('CONNECT_EMAIL', { email })
 * ```
 */
export function createEmbeddedWalletPort(options: EmbeddedPortOptions): EmbeddedWalletPortImpl {
  const status$ = new BehaviorSubject<FrameStatus>('notLoaded')
  let host: FrameHost | undefined
  let provider: EmbeddedProvider | undefined

  const hostNow = (): FrameHost => {
    if (host) return host
    const state = options.getState()
    const resolved = state.options.resolved
    const win = options.window
    if (!win || !resolved?.apiUrls.secureSite || resolved.projectId === '') {
      throw new FrameError(FRAME_LOAD_FAILED_MESSAGE, {
        failure: 'iframe_load_failed',
        details: !win ? 'No window' : resolved?.projectId === '' ? 'No project id' : 'No secure frame origin configured (apiUrls.secureSite)',
      })
    }
    host = createFrameHost({
      origin: resolved.apiUrls.secureSite,
      query: { projectId: resolved.projectId, chainId: startChainId(state), version: VERSION, enableLogger: false },
      window: win,
      scheduler: options.scheduler,
    })
    host.status$.subscribe(status$)
    return host
  }

  const providerNow = (preferredAccountType: AccountType): EmbeddedProvider => {
    provider ??= createEmbeddedProvider(
      {
        start: () => report(Promise.resolve().then(() => hostNow().start())),
        status$: status$,
        request: (type, payload) => report(Promise.resolve().then(() => hostNow().request(type, payload))),
        destroy: () => host?.destroy(),
      },
      { chainId: startChainId(options.getState()), preferredAccountType, randomId: () => options.window?.crypto.randomUUID() ?? String(Date.now()) },
    )
    return provider
  }

  const approvals$ = new BehaviorSubject<readonly PendingApproval[]>([])
  const refusals$ = new Subject<RefusedRequest>()
  const settled$ = new Subject<SettledApproval>()
  const failures$ = new Subject<FrameFailure>()
  /** Tells `failures$` of a failure of the frame itself, and passes the error on. */
  const report = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      if (error instanceof FrameError && error.failure !== null) failures$.next({ failure: error.failure, message: error.details ?? error.shortMessage })
      throw error
    })

  return {
    connectorId: AUTH_CONNECTOR_ID,
    status$,
    approvals$,
    refusals$,
    settled$,
    failures$,
    start: () => report(Promise.resolve().then(() => hostNow().start())),
    request: <K extends AppEventType>(type: K, payload: AppEventPayload<K>): Promise<AppReply<K>> =>
      report(Promise.resolve().then(() => hostNow().request(type, payload))),
    install(preferredAccountType) {
      if (options.providers.has(AUTH_CONNECTOR_ID)) return
      const made = providerNow(preferredAccountType)
      made.approvals$.subscribe((pending) => approvals$.next(pending))
      made.refusals$.subscribe((refused) => refusals$.next(refused))
      made.settled$.subscribe((settled) => settled$.next(settled))
      options.providers.set(AUTH_CONNECTOR_ID, made)
    },
    decide: (id, approved) => provider?.decide(id, approved),
    rejectAll: () => provider?.rejectAll(),
    accountsChanged: (addresses) => provider?.emitAccounts(addresses),
    setPreferredAccountType: (type) => provider?.setPreferredAccountType(type),
    destroy: () => host?.destroy(),
  }
}
