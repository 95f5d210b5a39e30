/** The frame host's shape (./frameHost.ts makes it): what it is given, what it offers, and a request waiting for its reply. */
import type { BehaviorSubject, SchedulerLike, Subscription } from 'rxjs'
import type { AppEventPayload, AppEventType, AppReply, FrameQuery } from './protocol'
import type { FrameApprovalView, FrameStatus } from './port'

export interface FrameHostOptions {
  /** The frame site's origin (`apiUrls.secureSite`). */
  readonly origin: string
  readonly query: FrameQuery
  readonly window: Window
  readonly scheduler: SchedulerLike
}

export interface FrameHost {
  start(): Promise<void>
  readonly status$: BehaviorSubject<FrameStatus>
  request<K extends AppEventType>(type: K, payload: AppEventPayload<K>): Promise<AppReply<K>>
  /** What the frame's approval view shows (nothing, until the frame says). */
  readonly view$: BehaviorSubject<FrameApprovalView>
  /** The chain namespaces the frame serves, as its READY said (none until then). */
  readonly namespaces$: BehaviorSubject<readonly string[]>
  /** Cancels the unsafe requests waiting in the frame (each answers 4001); nothing when no frame is attached. */
  cancelApprovals(): void
  /** Removes the frame and fails every waiting request. */
  destroy(): void
}

/** A request sent to the frame, waiting for its reply (with its 30 s timer when SPEC §9 gives it one). */
export interface Waiting {
  readonly type: AppEventType
  resolve(value: unknown): void
  reject(error: unknown): void
  readonly timer: Subscription | undefined
}
