/**
 * Repeats a long poll of the auth service (the device link, the Farcaster channel: each call waits
 * up to 20 s server-side, then answers 408 while the visitor has not acted) until it answers,
 * the login it belongs to is replaced or signed out, or the visitor has had ten minutes.
 */
import { AuthError, FrameRequestError } from '../errors'
import type { FrameCore } from '../core'

const PENDING = 408
const GIVE_UP_MS = 10 * 60_000
const PAUSE_MS = 250

export async function pollUntilDone<T>(core: FrameCore, call: () => Promise<T>): Promise<T> {
  const generation = core.state.loginGeneration
  const deadline = Date.now() + GIVE_UP_MS
  for (;;) {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof AuthError && error.status === PENDING)) throw error
    }
    if (core.state.loginGeneration !== generation) throw new FrameRequestError('The login was replaced by another one')
    if (Date.now() > deadline) throw new FrameRequestError('The request took too long to respond')
    // A 408 answered at once (a service that does not hold the request) must not become a busy loop.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
  }
}
