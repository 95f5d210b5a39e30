/**
 * The embedded wallet's working parts, a chunk of their own: the frame host and the provider over
 * it, made on first use (a page that never signs in with email or a social loads none of this).
 * The frame is configured from the options at that moment: the secure site's origin
 * (`apiUrls.secureSite`), the project id and the active eip155 chain.
 */
import type { Subject, BehaviorSubject } from 'rxjs'
import type { FrameApprovalView, FrameStatus, PendingApproval, RefusedRequest, SettledApproval } from './port'
import type { RootState } from '../kernel/registry'
import type { AccountType } from './protocol'
import { VERSION } from '../version'
import { FRAME_CHAIN_NAMESPACE } from './namespaces'
import { namespaceNetwork } from '../core/networks/selectors'
import { createFrameHost, FrameError, FRAME_LOAD_FAILED_MESSAGE, type FrameHost } from './frameHost'
import { createEmbeddedProvider, type EmbeddedProvider } from './provider'
import type { SchedulerLike } from 'rxjs'

export interface EmbeddedPortOptions {
  readonly getState: () => RootState
  readonly window: Window | undefined
  readonly scheduler: SchedulerLike
}

/** The eip155 chain the frame starts on: the active eip155 network's, else the first configured. */
function startChainId(state: RootState): number {
  const reference = namespaceNetwork(state, FRAME_CHAIN_NAMESPACE)?.caipNetworkId.split(':')[1]
  const id = reference === undefined ? Number.NaN : Number(reference)
  return Number.isSafeInteger(id) && id > 0 ? id : 1
}

export interface LiveSubjects {
  readonly status$: BehaviorSubject<FrameStatus>
  readonly approvals$: BehaviorSubject<readonly PendingApproval[]>
  readonly approvalView$: BehaviorSubject<FrameApprovalView>
  readonly namespaces$: BehaviorSubject<readonly string[]>
  readonly refusals$: Subject<RefusedRequest>
  readonly settled$: Subject<SettledApproval>
}

export interface Live {
  readonly host: () => FrameHost
  readonly provider: EmbeddedProvider
  destroy(): void
}

/**
 * `report` tells the port of the frame's own failures; `emit` is how the provider tells the
 * site's listeners (the port's provider holds them); `preferred` the account type asked for.
 */
export function createLive(
  options: EmbeddedPortOptions,
  subjects: LiveSubjects,
  hooks: { readonly report: <T>(promise: Promise<T>) => Promise<T>; readonly emit: (event: string, value: unknown) => void; readonly preferred: AccountType },
): Live {
  let host: FrameHost | undefined
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
      query: {
        projectId: resolved.projectId,
        chainId: startChainId(state),
        version: VERSION,
        enableLogger: false,
        // The frame's approval view speaks and looks as the modal does.
        locale: resolved.locale,
        ...(resolved.themeMode !== undefined && { themeMode: resolved.themeMode }),
      },
      window: win,
      scheduler: options.scheduler,
    })
    host.status$.subscribe((status) => subjects.status$.next(status))
    host.view$.subscribe((view) => subjects.approvalView$.next(view))
    host.namespaces$.subscribe((namespaces) => subjects.namespaces$.next(namespaces))
    return host
  }
  const provider = createEmbeddedProvider(
    {
      start: () => hooks.report(Promise.resolve().then(() => hostNow().start())),
      status$: subjects.status$,
      request: (type, payload) => hooks.report(Promise.resolve().then(() => hostNow().request(type, payload))),
      view$: subjects.approvalView$,
      namespaces$: subjects.namespaces$,
      cancelApprovals: () => host?.cancelApprovals(),
      destroy: () => host?.destroy(),
    },
    {
      chainId: startChainId(options.getState()),
      preferredAccountType: hooks.preferred,
      randomId: () => options.window?.crypto.randomUUID() ?? String(Date.now()),
      emit: hooks.emit,
    },
  )
  provider.approvals$.subscribe((pending) => subjects.approvals$.next(pending))
  provider.refusals$.subscribe((refused) => subjects.refusals$.next(refused))
  provider.settled$.subscribe((settled) => subjects.settled$.next(settled))
  return { host: hostNow, provider, destroy: () => host?.destroy() }
}
