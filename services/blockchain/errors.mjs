// The Blockchain API's failures, shared by its routes: an answer other than 200 with a reason
// (HttpError; 400 for bad input), a chain's node that did not answer (UpstreamError, 502), and
// how to tell viem's transport failures from a contract's own answer.
import { HttpRequestError, TimeoutError } from 'viem'

/**
 * An answer other than 200, with the reason the client reads in `error`.
 *
 * ```js
 * throw new HttpError(404, 'alice.airlock.eth is not registered')
 * ```
 */
export class HttpError extends Error {
  constructor(status, reason) {
    super(reason)
    this.status = status
  }
}

/** 400 with a reason: `throw badRequest('malformed cursor')`. */
export const badRequest = (reason) => new HttpError(400, reason)

/** The first line of an error's message, at most 200 characters. */
export const shortMessage = (error) =>
  String(error?.shortMessage ?? error?.message ?? error)
    .split('\n')[0]
    .slice(0, 200)

/**
 * A chain's node did not answer (or answered an error) where an answer was needed: 502.
 *
 * ```js
 * throw new UpstreamError('eip155:31337', error) // "eip155:31337 is unavailable: …"
 * ```
 */
export class UpstreamError extends Error {
  constructor(chain, cause) {
    super(`${chain} is unavailable: ${shortMessage(cause)}`, { cause })
    this.chain = chain
  }
}

/** True when viem's error comes from the transport (no answer), not from the contract. */
export const isTransportError = (error) =>
  Boolean(error?.walk?.((e) => e instanceof HttpRequestError || e instanceof TimeoutError)) ||
  error instanceof HttpRequestError ||
  error instanceof TimeoutError
