/**
 * What the frame answers when a request fails. Only errors made to be shown cross to the page
 * with their words: ours (FrameRequestError, whose subclass AuthError carries the auth service's
 * own message, e.g. "Please try again after 12 seconds") and the RPC handler's RpcError with its
 * SPEC §8 code. Anything else is a fault of the frame and answers SPEC §8's default, "An error
 * occurred", so no internal detail leaks to the page.
 */
import type { ErrorPayload } from '../../../src/embedded/protocol'
import { RpcError } from './rpcContext'

export const DEFAULT_ERROR = 'An error occurred'

export class FrameRequestError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'FrameRequestError'
  }
}

/** An answer of the auth service that is not 2xx: its status and its `{ message }`. */
export class AuthError extends FrameRequestError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

export function errorPayload(error: unknown): ErrorPayload {
  if (error instanceof FrameRequestError || error instanceof RpcError) {
    return {
      message: error.message || DEFAULT_ERROR,
      ...(error.code !== undefined && { code: error.code }),
      ...(error.data !== undefined && { data: error.data }),
    }
  }
  return { message: DEFAULT_ERROR }
}
