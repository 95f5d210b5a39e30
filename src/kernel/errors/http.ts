/** HTTP failures, with SPEC §8's words; category NETWORK. */
import { AirlockError, ErrorCategory, type ErrorParameters } from '../errors'

export const HTTP_FAILED = 'HTTP request failed'
export const TIMED_OUT = 'The request took too long to respond'
export const REQUEST_ABORTED = 'Request was aborted'

/**
 * SPEC §8 "HTTP status code: N": a non-2xx answer. `code` and `status` are the status.
 *
 * ```ts
 * if (!response.ok) throw new HttpStatusError({ status: response.status, details: serverMessage })
 * ```
 */
export class HttpStatusError extends AirlockError {
  override name = 'HttpStatusError'
  readonly status: number

  constructor({ status, details, cause }: ErrorParameters & { readonly status: number }) {
    super(`HTTP status code: ${status}`, { category: ErrorCategory.NETWORK, code: status, details, cause })
    this.status = status
  }
}

/**
 * SPEC §8 "HTTP request failed": the request could not be made, or the answer is not what was
 * expected (not JSON, not the expected shape); `details` says which.
 *
 * ```ts
 * throw new HttpRequestError({ details: 'The body is not JSON', cause: error })
 * ```
 */
export class HttpRequestError extends AirlockError {
  override name = 'HttpRequestError'

  constructor({ details, cause }: ErrorParameters = {}) {
    super(HTTP_FAILED, { category: ErrorCategory.NETWORK, details, cause })
  }
}

/**
 * SPEC §8 "The request took too long to respond".
 *
 * ```ts
 * if (abort.timedOut()) throw new TimeoutError({ cause: error })
 * ```
 */
export class TimeoutError extends AirlockError {
  override name = 'TimeoutError'

  constructor({ details, cause }: ErrorParameters = {}) {
    super(TIMED_OUT, { category: ErrorCategory.NETWORK, details, cause })
  }
}

/**
 * SPEC §8 "Request was aborted": the caller's signal fired.
 *
 * ```ts
 * if (signal.aborted) throw new RequestAbortedError({ cause: signal.reason })
 * ```
 */
export class RequestAbortedError extends AirlockError {
  override name = 'RequestAbortedError'

  constructor({ details, cause }: ErrorParameters = {}) {
    super(REQUEST_ABORTED, { category: ErrorCategory.NETWORK, details, cause })
  }
}
