/**
 * One Blockchain API call (SPEC §7): the base URL from the options (no vendor default), the path,
 * the query with sdk type (`st`), sdk version (`sv`) and project id (`projectId`) added, a JSON
 * body for POST, the answer decoded with io-ts. Failures are AirlockErrors with SPEC §8's words:
 * "HTTP status code: N" (the server's own message in `details`), "HTTP request failed" (no
 * answer, not JSON, or not of the expected shape), "The request took too long to respond".
 * A 429 is tried again (3 tries in all, 150 ms then 300 ms, or the server's Retry-After when
 * longer, up to 5 s); a Retry-After beyond that fails at once, saying how long to wait.
 */
import type { ApiQuery, ApiRequest } from '../../ports/blockchainApi'
import { asyncScheduler, type SchedulerLike } from 'rxjs'
import { retrying } from '../../kernel/retry'
import { AirlockError } from '../../kernel/errors'
import { fetchJson } from '../fetchJson'
import { readServerMessage, REMOTE_TIMEOUT_MS } from '../requestJson'
import { buildUrl } from '../url'
import { parseRetryAfter } from '../rpc/retryAfter'
import { backoffMs, RETRY_AFTER_CAP_MS, RPC_RETRY_COUNT } from '../rpc/retryPolicy'
import { abortedError } from '../rpc/errors'
import { isConfigured, notConfiguredError } from './notConfigured'

/** The HTTP status a rate-limited call answers with. */
const TOO_MANY_REQUESTS = 429

export interface BlockchainApiOptions {
  /** The API's base URL; undefined or empty when the site set none (every call then fails). */
  readonly baseUrl: string | undefined
  readonly projectId: string
  /** Sent as `st`. */
  readonly sdkType: string
  /** Sent as `sv`. */
  readonly sdkVersion: string
  readonly fetch: typeof globalThis.fetch | undefined
  /** Per try; default 10 s (SPEC §9). */
  readonly timeoutMs?: number
  /** The waits between tries of a rate-limited call run on it (`deps.scheduler`; a test's virtual time); default the async scheduler. */
  readonly scheduler?: SchedulerLike
  /** Wall-clock time, for Retry-After dates (`deps.clock`); default Date.now. */
  readonly clock?: { now(): number }
}

export interface CallOptions {
  /** Aborts the call ("Request was aborted"). */
  readonly signal?: AbortSignal
}

export type Query = ApiQuery

/** One call: the port's `ApiRequest` (src/ports/blockchainApi.ts). */
export type ApiCall<A> = ApiRequest<A>

/** A path parameter, encoded: `segment('eip155:1:0xab…')` is safe in a path. */
export const segment = (value: string): string => encodeURIComponent(value)

/** What one try learned of the answer besides its body. */
interface Answer {
  status?: number
  retryAfterMs?: number
  serverMessage?: string
}

/**
 * Make one call.
 *
 * ```ts
 * const identity = await apiRequest(options, { method: 'GET', path: `/v1/identity/${segment(address)}`, query: { sender }, codec: Identity })
 * ```
 */
export async function apiRequest<A>(options: BlockchainApiOptions, call: ApiCall<A>, { signal }: CallOptions = {}): Promise<A> {
  const base = options.baseUrl
  if (!isConfigured(base)) throw notConfiguredError()
  const url = buildUrl(base, call.path, { ...call.query, projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion })
  const clock = options.clock ?? Date
  /** What the latest try learned of its answer. */
  let answer: Answer = {}
  const attempt = async (): Promise<A> => {
    if (signal?.aborted) throw abortedError(signal.reason)
    answer = {}
    const fetchImpl: typeof globalThis.fetch | undefined =
      options.fetch &&
      (async (input, init) => {
        const response = await (options.fetch as typeof globalThis.fetch)(input, init)
        answer.status = response.status
        if (!response.ok) {
          answer.retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), clock.now())
          answer.serverMessage = await readServerMessage(response.clone())
        }
        return response
      })
    try {
      return await fetchJson(fetchImpl, url, call.codec, {
        method: call.method,
        body: call.body,
        timeoutMs: options.timeoutMs ?? REMOTE_TIMEOUT_MS,
        signal,
        scheduler: options.scheduler,
      })
    } catch (error) {
      if (signal?.aborted) throw abortedError(signal.reason)
      if (!(error instanceof AirlockError) || answer.status === undefined || answer.status < 300) throw error
      const wait = answer.retryAfterMs
      // Marked for `retrying`: a 429 within the tries and the cap is tried again, anything else is final.
      if (answer.status === TOO_MANY_REQUESTS && (wait === undefined || wait <= RETRY_AFTER_CAP_MS)) throw new RateLimited(error, answer)
      throw statusError(error, answer)
    }
  }
  return retrying(
    attempt,
    (error, n) => (error instanceof RateLimited && n < RPC_RETRY_COUNT ? Math.max(backoffMs(n), error.answer.retryAfterMs ?? 0) : undefined),
    options.scheduler ?? asyncScheduler,
    signal,
    abortedError,
  ).catch((error: unknown) => {
    throw error instanceof RateLimited ? statusError(error.error, error.answer) : error
  })
}

/** A rate-limited try that may be tried again. */
class RateLimited {
  constructor(
    readonly error: AirlockError,
    readonly answer: Answer,
  ) {}
}

/** "HTTP status code: N" with what the server said, and how long it asked to wait. */
function statusError(error: AirlockError, answer: Answer): AirlockError {
  const parts = [answer.serverMessage, answer.retryAfterMs === undefined ? undefined : `Retry after ${Math.ceil(answer.retryAfterMs / 1000)} s`]
  const details = parts.filter((part) => part !== undefined).join('; ')
  return new AirlockError(error.message, { category: error.category, code: error.code, details: details === '' ? undefined : details, cause: error })
}
