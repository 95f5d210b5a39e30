/**
 * One HTTP call that returns decoded JSON or throws an AirlockError with the SPEC §8 wording:
 * "HTTP status code: N" for a non-2xx answer, "HTTP request failed" when the request could not be
 * made or the body is not what the codec expects, and "The request took too long to respond" on
 * time-out. Retries (SPEC §7, §9) are layered on top by the chain RPC client.
 */
import { isRight } from '../kernel/either'
import type { Type } from 'io-ts'
import type { SchedulerLike } from 'rxjs'
import { HTTP_FAILED, HttpRequestError, HttpStatusError, TIMED_OUT, TimeoutError } from '../kernel/errors/http'
import { timedAbort } from './timedAbort'

export interface FetchJsonOptions {
  readonly method?: 'GET' | 'POST'
  readonly body?: unknown
  readonly timeoutMs?: number
  readonly signal?: AbortSignal
  readonly headers?: Readonly<Record<string, string>>
  /** The time-out runs on it (`deps.scheduler`; a test's virtual time); default real timers. */
  readonly scheduler?: SchedulerLike
}

export { HTTP_FAILED, TIMED_OUT }

export async function fetchJson<A, O>(
  fetchImpl: typeof globalThis.fetch | undefined,
  url: string,
  codec: Type<A, O, unknown>,
  options: FetchJsonOptions = {},
): Promise<A> {
  if (!fetchImpl) throw new HttpRequestError({ details: 'No fetch available' })
  const abort = timedAbort(options.timeoutMs ?? 10_000, options.signal, options.scheduler)
  try {
    let response: Response
    try {
      response = await fetchImpl(url, {
        method: options.method ?? 'GET',
        headers: { accept: 'application/json', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: abort.signal,
      })
    } catch (error) {
      if (abort.timedOut()) throw new TimeoutError({ cause: error })
      throw new HttpRequestError({ cause: error })
    }
    if (!response.ok) {
      throw new HttpStatusError({ status: response.status })
    }
    let json: unknown
    try {
      json = await response.json()
    } catch (error) {
      if (abort.timedOut()) throw new TimeoutError({ cause: error })
      throw new HttpRequestError({ details: 'The body is not JSON', cause: error })
    }
    const decoded = codec.decode(json)
    if (!isRight(decoded)) {
      throw new HttpRequestError({ details: `The answer of ${new URL(url).pathname} is not of the expected shape` })
    }
    return decoded.right
  } finally {
    abort.dispose()
  }
}
