/** The disconnect wait (SPEC §4 "Disconnect gives up waiting after 3 s", §9 sign-out wait). */
import type { SchedulerLike } from 'rxjs'
import type { AirlockError } from '../kernel/errors'
import { DisconnectFailedError } from '../kernel/errors/connection'

/** How long a disconnect waits for the wallet before giving up (SPEC §9: sign-out wait 3 s). */
export const DISCONNECT_TIMEOUT_MS = 3000

/**
 * How long a connect waits for the wallet's answer (SPEC §9 "Connect, otp and social request
 * timeout": 30 s). A wallet that never answers then fails the attempt with SPEC §8's "The request
 * took too long to respond", and the visitor gets Try again instead of a spinner for good; the
 * wallet's answer after that is not waited for (Try again asks anew).
 */
export const CONNECT_ANSWER_WAIT_MS = 30_000

/**
 * The SPEC §8 error a disconnect fails with: "Failed to disconnect", code INTERNAL_SDK_ERROR,
 * with the wallet's own error as the cause when there is one.
 *
 * ```ts
 * catchError((error) => throwError(() => disconnectFailedError(error)))
 * ```
 */
export function disconnectFailedError(cause?: unknown): DisconnectFailedError {
  return new DisconnectFailedError({ cause })
}

/**
 * Settle like `promise`, or reject with AirlockError "Failed to disconnect" (code
 * INTERNAL_SDK_ERROR) when it has not settled after `ms` on `scheduler`. The timer is cancelled
 * as soon as the promise settles. Pass the effect's scheduler so tests run on virtual time.
 *
 * ```ts
 * await withTimeout(wallet.disconnect(), DISCONNECT_TIMEOUT_MS, deps.scheduler)
 * ```
 */
export function withTimeout<T>(
  promise: PromiseLike<T>,
  ms: number,
  scheduler: SchedulerLike,
  timeoutError: () => AirlockError = () => disconnectFailedError(),
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = scheduler.schedule(() => reject(timeoutError()), ms)
    promise.then(
      (value) => {
        timer.unsubscribe()
        resolve(value)
      },
      (error: unknown) => {
        timer.unsubscribe()
        reject(error)
      },
    )
  })
}
