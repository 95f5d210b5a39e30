/**
 * A JSON-RPC client over HTTP POST with the retries of SPEC §7 and §9: on HTTP 403, 408, 413, 429,
 * 500, 502, 503, 504, on retryable JSON-RPC codes, on network failures and on time-outs; waiting
 * the exponential backoff or the server's `Retry-After`, whichever is longer, capped. Answers are
 * decoded; a JSON-RPC error keeps its code.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { HTTP_FAILED, TIMED_OUT } from '../fetchJson'
import { RPC_ABORTED, RpcError } from './errors'
import { parseRetryAfter } from './retryAfter'
import {
  backoffMs,
  RETRY_AFTER_CAP_MS,
  RETRYABLE_HTTP_STATUS,
  RETRYABLE_RPC_CODES,
  RPC_RETRY_BASE_MS,
  RPC_RETRY_COUNT,
  RPC_TIMEOUT_MS,
} from './retryPolicy'

const Id = t.union([t.number, t.string, t.null])
const Envelope = t.union([
  t.type({ jsonrpc: t.literal('2.0'), id: Id, result: t.unknown }),
  t.type({
    jsonrpc: t.literal('2.0'),
    id: Id,
    error: t.intersection([t.type({ code: t.number, message: t.string }), t.partial({ data: t.unknown })]),
  }),
])

export interface RpcClientOptions {
  readonly url: string
  readonly fetch: typeof globalThis.fetch
  /** Per try. */
  readonly timeoutMs?: number
  /** Tries in all. */
  readonly retryCount?: number
  readonly baseDelayMs?: number
  readonly retryAfterCapMs?: number
  /** Waits between tries (tests pass one that records and returns at once). */
  readonly sleep?: (ms: number) => Promise<void>
  readonly now?: () => number
}

export interface RpcClient {
  request<T = unknown>(method: string, params?: readonly unknown[], options?: { readonly codec?: t.Type<T, unknown, unknown>; readonly signal?: AbortSignal }): Promise<T>
}

/** One failed try: whether to try again, and after how long at least. */
class TryFailure {
  constructor(
    readonly error: Error,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {}
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * ```ts
 * const rpc = createRpcClient({ url: 'http://127.0.0.1:8545', fetch })
 * const balance = await rpc.request('eth_getBalance', [address, 'latest'])
 * ```
 */
export function createRpcClient(options: RpcClientOptions): RpcClient {
  const timeoutMs = options.timeoutMs ?? RPC_TIMEOUT_MS
  const tries = Math.max(1, options.retryCount ?? RPC_RETRY_COUNT)
  const baseMs = options.baseDelayMs ?? RPC_RETRY_BASE_MS
  const capMs = options.retryAfterCapMs ?? RETRY_AFTER_CAP_MS
  const sleep = options.sleep ?? defaultSleep
  const now = options.now ?? (() => Date.now())
  let nextId = 1

  async function tryOnce(body: string, signal: AbortSignal | undefined): Promise<unknown> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onAbort = (): void => controller.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      let response: Response
      let text: string
      try {
        response = await options.fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body,
          signal: controller.signal,
        })
        text = await response.text()
      } catch (error) {
        if (signal?.aborted) throw new AirlockError(RPC_ABORTED, { category: ErrorCategory.NETWORK, cause: error })
        if (timedOut) throw new TryFailure(new AirlockError(TIMED_OUT, { category: ErrorCategory.NETWORK, cause: error }), true)
        throw new TryFailure(new AirlockError(HTTP_FAILED, { category: ErrorCategory.NETWORK, cause: error }), true)
      }
      if (!response.ok) {
        const error = new AirlockError(`HTTP status code: ${response.status}`, { category: ErrorCategory.NETWORK, code: response.status })
        throw new TryFailure(error, RETRYABLE_HTTP_STATUS.has(response.status), parseRetryAfter(response.headers.get('retry-after'), now()))
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        throw new TryFailure(new AirlockError(HTTP_FAILED, { category: ErrorCategory.NETWORK, details: 'The answer is not JSON' }), false)
      }
      const decoded = Envelope.decode(json)
      if (!isRight(decoded)) {
        throw new TryFailure(new AirlockError(HTTP_FAILED, { category: ErrorCategory.NETWORK, details: 'The answer is not a JSON-RPC response' }), false)
      }
      const envelope = decoded.right
      if ('error' in envelope) {
        const { code, message, data } = envelope.error
        throw new TryFailure(new RpcError(code, message, data), RETRYABLE_RPC_CODES.has(code), parseRetryAfter(response.headers.get('retry-after'), now()))
      }
      return envelope.result
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  return {
    async request<T>(method: string, params: readonly unknown[] = [], requestOptions: { codec?: t.Type<T, unknown, unknown>; signal?: AbortSignal } = {}) {
      const { signal, codec } = requestOptions
      const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params })
      for (let attempt = 1; ; attempt++) {
        if (signal?.aborted) throw new AirlockError(RPC_ABORTED, { category: ErrorCategory.NETWORK })
        try {
          const result = await tryOnce(body, signal)
          if (!codec) return result as T
          const decoded = codec.decode(result)
          if (!isRight(decoded)) throw new AirlockError(HTTP_FAILED, { category: ErrorCategory.NETWORK, details: `The result of ${method} is not of the expected shape` })
          return decoded.right
        } catch (failure) {
          if (!(failure instanceof TryFailure)) throw failure
          if (!failure.retryable || attempt >= tries) throw failure.error
          const wait = Math.max(backoffMs(attempt, baseMs), Math.min(failure.retryAfterMs ?? 0, capMs))
          await sleep(wait)
        }
      }
    },
  }
}
