/**
 * The `embedded` port (see ./port.ts): a thin shell, made by the instance when the first plugin
 * naming it in its manifest's `ports` loads (the email, socials or embedded-wallet plugin; issue 27
 * §1: not on a page whose features need no frame), whose working parts (the frame host and the
 * provider, ./live.ts) are a chunk loaded on first use. Its `provider` is
 * what the embedded-wallet plugin's connector registers under the AUTH connector id (so the connect,
 * restore and follow effects reach it like any wallet); its first request loads the chunk and
 * attaches the frame.
 */
import { BehaviorSubject, Subject } from 'rxjs'
import type { EmbeddedWalletPort, FrameApprovalView, FrameFailure, FrameStatus, PendingApproval, RefusedRequest, SettledApproval } from './port'
import type { WalletProvider } from '../ports/wallet'
import type { AccountType, AppEventPayload, AppEventType, AppReply } from './protocol'
import { AUTH_CONNECTOR_ID } from './connector'
import { isAlertedServerMessage } from '../core/options/serverMessageRules'
import type { EmbeddedPortOptions, Live } from './live'

export type { EmbeddedPortOptions } from './live'

export interface EmbeddedWalletPortImpl extends EmbeddedWalletPort {
  /** Removes the frame (the instance is destroyed). */
  destroy(): void
}

/**
 * A failure of the frame itself, told by the error's `failure` (see FrameError, kept out of this
 * shell), or an answer with one of SPEC §8's server messages.
 */
function frameFailure(error: unknown): FrameFailure | null {
  if (typeof error !== 'object' || error === null) return null
  const { failure, details, shortMessage } = error as { failure?: unknown; details?: unknown; shortMessage?: unknown }
  const message = typeof details === 'string' ? details : typeof shortMessage === 'string' ? shortMessage : ''
  // Only a FrameError carries `failure`, one of its three kinds or null (kept off the first load: ./frameHost.ts's FrameFailureKind).
  if (typeof failure === 'string') return { failure: failure as NonNullable<FrameFailure['failure']>, message }
  return isAlertedServerMessage(message) ? { failure: null, message } : null
}

/**
 * ```ts
 * const embedded = createEmbeddedWalletPort({ getState, window, scheduler })
 * embedded.setPreferredAccountType('eoa')
 * await embedded.request('CONNECT_EMAIL', { email })
 * ```
 */
export function createEmbeddedWalletPort(options: EmbeddedPortOptions): EmbeddedWalletPortImpl {
  const subjects = {
    status$: new BehaviorSubject<FrameStatus>('notLoaded'),
    approvals$: new BehaviorSubject<readonly PendingApproval[]>([]),
    approvalView$: new BehaviorSubject<FrameApprovalView>({ requestId: null, height: 0 }),
    namespaces$: new BehaviorSubject<readonly string[]>([]),
    refusals$: new Subject<RefusedRequest>(),
    settled$: new Subject<SettledApproval>(),
  }
  const failures$ = new Subject<FrameFailure>()
  const listeners = new Map<string, Set<(...args: never[]) => void>>()
  let preferred: AccountType = 'smartAccount'
  let live: Promise<Live> | undefined

  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) {
      try {
        ;(listener as (value: unknown) => void)(value)
      } catch {
        // A listener's failure is the site's; the others still hear the event.
      }
    }
  }

  /** Tells `failures$` of a failure of the frame itself, and passes the error on. */
  const report = <T>(promise: Promise<T>): Promise<T> =>
    promise.catch((error: unknown) => {
      const failure = frameFailure(error)
      if (failure) failures$.next(failure)
      throw error
    })

  const load = (): Promise<Live> => {
    live ??= import('./live').then((m) => m.createLive(options, subjects, { report, emit, preferred }))
    // A chunk that failed to load is fetched again on the next use.
    live.catch(() => {
      live = undefined
    })
    return live
  }

  // What the connectors see under AUTH: requests wait for the chunk; listeners are held here.
  const provider: WalletProvider = {
    request: (args) => load().then((l) => l.provider.request(args)),
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    endSession: () => load().then((l) => l.provider.endSession?.()),
  }

  return {
    connectorId: AUTH_CONNECTOR_ID,
    ...subjects,
    failures$,
    start: () => report(load().then((l) => l.host().start())),
    request: <K extends AppEventType>(type: K, payload: AppEventPayload<K>): Promise<AppReply<K>> =>
      report(load().then((l) => l.host().request(type, payload))),
    provider,
    rejectAll: () => void live?.then((l) => l.provider.rejectAll()),
    accountsChanged: (addresses) => emit('accountsChanged', [...addresses]),
    setPreferredAccountType(type) {
      preferred = type
      void live?.then((l) => l.provider.setPreferredAccountType(type))
    },
    destroy: () => void live?.then((l) => l.destroy()),
  }
}
