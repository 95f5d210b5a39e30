/**
 * The `embedded` port: the embedded wallet's secure frame (SPEC §2, §7), as the email, socials and
 * embedded-wallet plugins see it (their deps' `embedded`, added to PortDeps below). The composition
 * root makes it (./portShell.ts over the frame host and provider of ./live.ts); a plugin never
 * touches the frame, its messages or its keys.
 *
 * Every call fails with an AirlockError whose message is SPEC §8's ("Unable to load email login
 * dependency" when the frame never became ready, "Embedded Wallet Request Timed Out" when a
 * connect, code or social request went unanswered, the frame's own message otherwise, "An error
 * occurred" by default) and whose `details` say which failure it was (`frameFailure`).
 *
 * ```ts
 * const { action } = await embedded.request('CONNECT_EMAIL', { email })
 * if (action === 'VERIFY_OTP') showCodeEntry()
 * ```
 */
import { EMPTY, of, type Observable } from 'rxjs'
import { AirlockError } from '../kernel/errors'
import type { WalletProvider } from '../ports/wallet'
import type { AccountType, AppEventPayload, AppEventType, AppReply } from './protocol'

/** SPEC §4 "Embedded frame": not loaded, then ready (the ready event plus 500 ms), then initialised; or failed. */
export type FrameStatus = 'notLoaded' | 'loading' | 'ready' | 'initialised' | 'failed'

/**
 * An unsafe request the frame has (SPEC §6): waiting for the visitor's click in the frame's own
 * approval view, or carried out after it. The page's copy is for the modal's transaction stack
 * only: it decides nothing.
 */
export interface PendingApproval {
  readonly id: string
  readonly method: string
  readonly params: unknown
  /** The eip155 chain id the request is for (the wallet's current chain when it did not say). */
  readonly chainId: number | null
}

/** What the frame's approval view shows: the request's id (the frame's message id) or null, and its height in CSS pixels. */
export interface FrameApprovalView {
  readonly requestId: string | null
  readonly height: number
}

/** How a request that waited for approval ended: done, failed (the frame's message), or declined or aborted. */
export interface SettledApproval {
  readonly id: string
  readonly outcome: 'success' | 'error' | 'cancel'
  readonly message: string | null
}

/**
 * A failure of the frame itself (SPEC §8 report names): it never became ready, refused this page,
 * or left a request unanswered; or (failure null) an answer carrying one of SPEC §8's server
 * messages, which have alerts of their own (a session token not yet valid: Session Expired).
 * `message` is the server's words when it gave some.
 */
export interface FrameFailure {
  readonly failure: 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain' | null
  readonly message: string
}

/** A request refused because its method is not on the list (SPEC §6 "Requested RPC call is not allowed"). */
export interface RefusedRequest {
  readonly method: string
}

export interface EmbeddedWalletPort {
  /** Attaches the frame (once; again after a failure) and resolves when it is initialised. */
  start(): Promise<void>
  readonly status$: Observable<FrameStatus>
  /** One request to the frame, its reply decoded with the codec of its type. */
  request<K extends AppEventType>(type: K, payload: AppEventPayload<K>): Promise<AppReply<K>>
  /** The unsafe requests the frame has, oldest first (at most 99, SPEC §9). */
  readonly approvals$: Observable<readonly PendingApproval[]>
  /** What the frame's approval view shows now (the modal makes room for the frame while it shows something). */
  readonly approvalView$: Observable<FrameApprovalView>
  /**
   * The chain namespaces the frame serves, as it says once loaded (its READY): the embedded
   * wallet's connector is added on these. None until the frame is loaded.
   */
  readonly namespaces$: Observable<readonly string[]>
  /** Each failure of the frame, as it happens (the caller of the failed call gets the error too). */
  readonly failures$: Observable<FrameFailure>
  /** Each request that waited for approval, once it has ended. */
  readonly settled$: Observable<SettledApproval>
  /** Cancels every request waiting in the frame (SPEC §4: closing the modal); approving is the frame's alone. */
  rejectAll(): void
  /** Requests refused for their method; the waiting unsafe requests are aborted with them (SPEC §6). */
  readonly refusals$: Observable<RefusedRequest>
  /**
   * The wallet's accounts or chain changed (a sign-in, a sign-out, an account type): the provider
   * tells its listeners (accountsChanged, chainChanged) as an EIP-1193 wallet does.
   */
  accountsChanged(addresses: readonly string[]): void
  /** The connector id the embedded wallet's provider is registered under. */
  readonly connectorId: string
  /**
   * The embedded wallet's EIP-1193 provider: the embedded-wallet plugin's connector (its `connectors`)
   * registers it under `connectorId`, so the connect, restore and follow effects reach it like any
   * wallet. Attaches nothing until its first request.
   */
  readonly provider: WalletProvider
  /** The account type the provider asks the frame for (SPEC §4 preferred account type). */
  setPreferredAccountType(type: AccountType): void
}

/**
 * The port where no embedded wallet can exist (no window, tests that do not need one): every call
 * fails as a frame that never loaded does.
 */
export function unavailableEmbeddedWallet(): EmbeddedWalletPort {
  const failure = () => new AirlockError('Unable to load email login dependency', { category: 'EMBEDDED_WALLET', details: 'iframe_load_failed' })
  return {
    connectorId: 'AUTH',
    status$: of<FrameStatus>('notLoaded'),
    approvals$: of([]),
    approvalView$: of({ requestId: null, height: 0 }),
    namespaces$: EMPTY,
    settled$: EMPTY,
    failures$: EMPTY,
    refusals$: EMPTY,
    start: () => Promise.reject(failure()),
    request: () => Promise.reject(failure()),
    rejectAll: () => undefined,
    accountsChanged: () => undefined,
    provider: { request: () => Promise.reject(failure()), on: () => undefined, removeListener: () => undefined },
    setPreferredAccountType: () => undefined,
  }
}

declare module '../ports/deps' {
  interface PortRegistry {
    /** The embedded wallet's secure frame (src/embedded/port.ts): the email, socials and embedded-wallet plugins' port. */
    readonly embedded: EmbeddedWalletPort
  }
}
