/**
 * The secure frame's failures (SPEC §8): the error the frame host rejects with, its user-facing
 * messages and the details that say which failure it was.
 */
import { AirlockError } from '../kernel/errors'

/** SPEC §8's user-facing messages for the frame's failures. */
export const FRAME_LOAD_FAILED_MESSAGE = 'Unable to load email login dependency'
export const FRAME_REQUEST_TIMED_OUT_MESSAGE = 'Embedded Wallet Request Timed Out'
export const FRAME_DEFAULT_ERROR = 'An error occurred'
/** SPEC §8: a request the host gave up on (the embedded wallet closed): an RPC request's, then any other's (a start, too). */
export const FRAME_RPC_ABORTED_MESSAGE = 'Request was aborted'
export const FRAME_ABORTED_MESSAGE = 'Something went wrong'
export const FRAME_REFUSED_DETAILS = 'The secure frame refused to load on this page (frame-ancestors): Unauthorized: origin not allowed'
/** The details of the requests a frame that went away leaves unanswered. */
export const FRAME_REMOVED_DETAILS = 'The secure frame was removed from the page'
export const FRAME_REPLACED_DETAILS = "The secure frame's page was replaced before it answered"

/** Which failure an error of the frame is, in SPEC §8's report names (the error's `details`). */
export type FrameFailureKind = 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain'

/** An error the frame answered, or one of the host's own failures. `code` is the frame's (an RPC code). */
export class FrameError extends AirlockError {
  override name = 'FrameError'
  readonly failure: FrameFailureKind | null
  readonly data: unknown

  constructor(
    message: string,
    options: { readonly failure?: FrameFailureKind | null; readonly code?: number; readonly details?: string; readonly data?: unknown } = {},
  ) {
    super(message, {
      category: 'EMBEDDED_WALLET',
      ...(options.code !== undefined && { code: options.code }),
      details: options.details ?? options.failure ?? undefined,
    })
    this.failure = options.failure ?? null
    this.data = options.data
  }
}

/**
 * SPEC §8: the error a request the host aborts rejects with, by its kind.
 *
 * ```ts
 * abortedError('RPC_REQUEST').message // 'Request was aborted'
 * abortedError('CONNECT_EMAIL').message // 'Something went wrong'
 * ```
 */
export const abortedError = (type?: string): FrameError => new FrameError(type === 'RPC_REQUEST' ? FRAME_RPC_ABORTED_MESSAGE : FRAME_ABORTED_MESSAGE)
