/**
 * A JSON-RPC 2.0 client over HTTP POST with the retries of SPEC §7 and §9 (see retryPolicy):
 * tried again on HTTP 403, 408, 413, 429, 500, 502, 503, 504, on the retryable JSON-RPC codes, on
 * network failures and on time-outs, waiting the exponential backoff or the server's
 * `Retry-After`, whichever is longer (the latter capped). Never again on 4001, -32602 or any
 * other JSON-RPC error, on other statuses, or on an answer that is not JSON-RPC. The envelope is
 * decoded with io-ts, and the result too when a codec is given. Errors: see ./errors.
 *
 * ```ts
 * const rpc = createRpcClient({ url: 'http://127.0.0.1:8545', fetch })
 * const chainId = await rpc.request('eth_chainId') // '0x7a69'
 * const balance = await rpc.request('eth_getBalance', [address, 'latest'], t.string, { signal })
 * ```
 */
import * as t from 'io-ts'
import { asyncScheduler, type SchedulerLike } from 'rxjs'
import { retrying } from '../../kernel/retry'
import { isRight } from '../../kernel/either'
import { abortedError, httpFailedError, httpStatusError, RpcError, timedOutError } from './errors'
import { parseRetryAfter } from './retryAfter'
import { timedAbort } from '../timedAbort'
import { backoffMs, isRetryableRpcCode, isRetryableStatus, RETRY_AFTER_CAP_MS, RPC_RETRY_BASE_MS, RPC_RETRY_COUNT, RPC_TIMEOUT_MS } from './retryPolicy'

const Id = t.union([t.number, t.string, t.null])
/**
 * Any value that is there: `t.unknown` would also accept a missing `result` (JSON has no
 * undefined, so undefined means the key is absent), letting `{"error":{"message":"x"}}` through
 * as a success.
 */
const Present = new t.Type<unknown>(
  'Present',
  (u): u is unknown => u !== undefined,
  (u, c) => (u === undefined ? t.failure(u, c) : t.success(u)),
  t.identity,
)
const Success = t.type({ jsonrpc: t.literal('2.0'), id: Id, result: Present })
const Failure = t.type({
  jsonrpc: t.literal('2.0'),
  id: Id,
  error: t.intersection([t.type({ code: t.number, message: t.string }), t.partial({ data: t.unknown })]),
})
/** A JSON-RPC 2.0 response: a result or an error. */
const Envelope = t.union([Failure, Success])

export interface RpcClientOptions {
  readonly url: string
  readonly fetch: typeof globalThis.fetch
  /** Per try, on `scheduler`; default 10 s. */
  readonly timeoutMs?: number
  /** Tries in all, the first included; default RPC_RETRY_COUNT (3). */
  readonly retryCount?: number
  /** The first backoff; default RPC_RETRY_BASE_MS (150 ms). */
  readonly baseDelayMs?: number
  /** The longest `Retry-After` honoured; default RETRY_AFTER_CAP_MS (5 s). */
  readonly retryAfterCapMs?: number
  /** The waits between tries run on it (`deps.scheduler`; a test's virtual time); default the async scheduler. */
  readonly scheduler?: SchedulerLike
  /** Wall-clock time, for `Retry-After` dates (`deps.clock`); default Date.now. */
  readonly clock?: { now(): number }
}

export interface RpcRequestOptions {
  /** Aborts the try in flight and any wait, with "Request was aborted". */
  readonly signal?: AbortSignal
}

export interface RpcClient {
  request<T = unknown>(method: string, params?: readonly unknown[], codec?: t.Decoder<unknown, T>, options?: RpcRequestOptions): Promise<T>
}

/** One failed try: the error to throw if it is the last, whether to try again, how long at least to wait. */
class TryFailure {
  constructor(
    readonly error: Error,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {}
}

export function createRpcClient(options: RpcClientOptions): RpcClient {
  const timeoutMs = options.timeoutMs ?? RPC_TIMEOUT_MS
  const tries = Math.max(1, options.retryCount ?? RPC_RETRY_COUNT)
  const baseMs = options.baseDelayMs ?? RPC_RETRY_BASE_MS
  const capMs = options.retryAfterCapMs ?? RETRY_AFTER_CAP_MS
  const scheduler = options.scheduler ?? asyncScheduler
  const clock = options.clock ?? Date
  let nextId = 1

  /** One POST; resolves with the result, or throws a TryFailure (or the abort error). */
  async function tryOnce(body: string, signal: AbortSignal | undefined): Promise<unknown> {
    const abort = timedAbort(timeoutMs, signal, scheduler)
    try {
      let response: Response
      let text: string
      try {
        response = await options.fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body,
          signal: abort.signal,
        })
        text = await response.text()
      } catch (error) {
        if (signal?.aborted) throw abortedError(signal.reason)
        if (abort.timedOut()) throw new TryFailure(timedOutError(error), true)
        throw new TryFailure(httpFailedError(undefined, error), true)
      }
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), clock.now())
      if (!response.ok) throw new TryFailure(httpStatusError(response.status), isRetryableStatus(response.status), retryAfterMs)
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch (error) {
        throw new TryFailure(httpFailedError('The answer is not JSON', error), false)
      }
      const decoded = Envelope.decode(json)
      if (!isRight(decoded)) throw new TryFailure(httpFailedError('The answer is not a JSON-RPC 2.0 response'), false)
      const envelope = decoded.right
      if ('error' in envelope) {
        const { code, message, data } = envelope.error
        throw new TryFailure(new RpcError({ code, details: message, data }), isRetryableRpcCode(code), retryAfterMs)
      }
      return envelope.result
    } finally {
      abort.dispose()
    }
  }

  return {
    async request<T>(method: string, params: readonly unknown[] = [], codec?: t.Decoder<unknown, T>, requestOptions: RpcRequestOptions = {}): Promise<T> {
      const { signal } = requestOptions
      const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params })
      const result = await retrying(
        () => {
          if (signal?.aborted) throw abortedError(signal.reason)
          return tryOnce(body, signal)
        },
        (failure, attempt) =>
          failure instanceof TryFailure && failure.retryable && attempt < tries
            ? Math.max(backoffMs(attempt, baseMs), Math.min(failure.retryAfterMs ?? 0, capMs))
            : undefined,
        scheduler,
        signal,
        abortedError,
      ).catch((failure: unknown) => {
        throw failure instanceof TryFailure ? failure.error : failure
      })
      if (!codec) return result as T
      const decoded = codec.decode(result)
      if (!isRight(decoded)) throw httpFailedError(`The result of ${method} is not of the expected shape`)
      return decoded.right
    },
  }
}
