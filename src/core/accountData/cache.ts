/**
 * A query cache in TanStack Query's sense, one per instance (issue 26 §2): entries keyed by
 * resource, CAIP-10 account and page, each with when it was read, fresh for the reader's
 * `staleMs`; concurrent reads of one key share one call (de-duplication); a failure may block the
 * key for `blockMs` (SPEC §5's balance block); `invalidate` marks matching entries stale, so the
 * next read calls again, and tells the watchers (`invalidated$`). A reader's `signal` aborts its
 * wait; the call itself is aborted only when every reader waiting on it has gone.
 */
import { Subject, type Observable } from 'rxjs'
import { AirlockError } from '../../kernel/errors'

/** What a cached answer is of: `{ resource: 'balances', account: 'eip155:1:0xab…', page: '' }`. */
export interface QueryKey {
  readonly resource: string
  /** CAIP-10 (`namespace:reference:address`). */
  readonly account: string
  /** Anything else the answer depends on (a cursor, a provider), '' for none. */
  readonly page: string
}

/**
 * Which entries an invalidation touches: every field given must match. `chainId` is CAIP-2;
 * `namespace` the CAIP-2 namespace; `address` the account's address on any chain (any case).
 */
export interface Invalidation {
  readonly resources?: readonly string[]
  readonly namespace?: string
  readonly chainId?: string
  readonly address?: string
}

export interface ReadOptions {
  /** Read again even when fresh (an in-flight call started before this read is not joined). */
  readonly force?: boolean
  /** Stops this reader's wait (rejecting it with the signal's reason). */
  readonly signal?: AbortSignal
}

export interface QueryOptions extends ReadOptions {
  /** How long an answer is fresh; 0: every read calls (concurrent reads still share the call). */
  readonly staleMs: number
  /** After a failure no call for this long: reads fail at once with the same error (forced ones too). */
  readonly blockMs?: number
}

interface Flight<T> {
  readonly promise: Promise<T>
  readonly controller: AbortController
  waiting: number
}

interface Entry {
  readonly key: QueryKey
  data?: unknown
  at?: number
  failedAt?: number
  error?: unknown
  stale: boolean
  flight?: Flight<unknown>
}

export interface QueryCache {
  /** The answer for `key`: fresh from the cache, joined to a call under way, or from a new call of `fetch`. */
  read<T>(key: QueryKey, fetch: (signal: AbortSignal) => Promise<T>, options: QueryOptions): Promise<T>
  /** The last answer for `key`, when it was read and whether it was invalidated since, without calling. */
  peek<T>(key: QueryKey): { readonly data: T; readonly at: number; readonly stale: boolean } | undefined
  /** Mark the matching entries stale and tell the watchers. */
  invalidate(match: Invalidation): void
  /** Each invalidation, as given. */
  readonly invalidated$: Observable<Invalidation>
}

const id = (key: QueryKey) => `${key.resource}\n${key.account}\n${key.page}`

/**
 * Whether an invalidation touches `key`.
 *
 * ```ts
 * touches({ chainId: 'eip155:1' }, { resource: 'balances', account: 'eip155:1:0xab', page: '' }) // true
 * ```
 */
export function touches(match: Invalidation, key: Pick<QueryKey, 'resource' | 'account'>): boolean {
  const cut = key.account.lastIndexOf(':')
  const chainId = key.account.slice(0, cut)
  return (
    (match.resources === undefined || match.resources.includes(key.resource)) &&
    (match.namespace === undefined || chainId.startsWith(`${match.namespace}:`)) &&
    (match.chainId === undefined || chainId === match.chainId) &&
    (match.address === undefined || key.account.slice(cut + 1).toLowerCase() === match.address.toLowerCase())
  )
}

const aborted = (signal: AbortSignal): unknown => signal.reason ?? new AirlockError('Request was aborted')

/** Wait for `flight` until `signal` fires; the last reader gone aborts the call (and `dropped` forgets it). */
function join<T>(flight: Flight<T>, signal: AbortSignal | undefined, dropped: () => void): Promise<T> {
  if (signal?.aborted) return Promise.reject(aborted(signal))
  flight.waiting++
  return new Promise<T>((resolve, reject) => {
    let done = false
    const leave = () => {
      if (done) return false
      done = true
      signal?.removeEventListener('abort', onAbort)
      flight.waiting--
      return true
    }
    const onAbort = () => {
      if (!leave()) return
      if (flight.waiting === 0) {
        dropped()
        flight.controller.abort()
      }
      reject(aborted(signal!))
    }
    signal?.addEventListener('abort', onAbort)
    flight.promise.then(
      (data) => leave() && resolve(data),
      (error: unknown) => leave() && reject(error),
    )
  })
}

/**
 * A new, empty cache on the instance's clock.
 *
 * ```ts
 * const cache = createQueryCache(() => clock.now())
 * await cache.read(key, (signal) => api.balance(params, { signal }), { staleMs: 30_000 })
 * ```
 */
export function createQueryCache(now: () => number): QueryCache {
  const entries = new Map<string, Entry>()
  const invalidated = new Subject<Invalidation>()

  function read<T>(key: QueryKey, fetch: (signal: AbortSignal) => Promise<T>, options: QueryOptions): Promise<T> {
    let entry = entries.get(id(key))
    if (!entry) entries.set(id(key), (entry = { key, stale: false }))
    const t = now()
    if (entry.failedAt !== undefined && options.blockMs !== undefined && t - entry.failedAt < options.blockMs) return Promise.reject(entry.error)
    if (!options.force && !entry.stale && entry.at !== undefined && t - entry.at < options.staleMs) return Promise.resolve(entry.data as T)
    const held = entry
    if (options.force) held.flight = undefined
    if (!held.flight) {
      const controller = new AbortController()
      const promise: Promise<T> = new Promise<T>((resolve) => resolve(fetch(controller.signal))).then(
        (data) => {
          if (held.flight?.promise === promise) Object.assign(held, { data, at: now(), stale: false, failedAt: undefined, error: undefined, flight: undefined })
          return data
        },
        (error: unknown) => {
          if (held.flight?.promise === promise) {
            held.flight = undefined
            // A call aborted because nobody waits any more is no failure of the key.
            if (!controller.signal.aborted) Object.assign(held, { failedAt: now(), error })
          }
          throw error
        },
      )
      // Nobody may be left to see a failure: it is handled by the readers that join.
      promise.catch(() => undefined)
      held.flight = { promise, controller, waiting: 0 }
    }
    const flight = held.flight as Flight<T>
    return join(flight, options.signal, () => {
      if (held.flight === flight) held.flight = undefined
    })
  }

  return {
    read,
    peek<T>(key: QueryKey) {
      const entry = entries.get(id(key))
      return entry?.at === undefined ? undefined : { data: entry.data as T, at: entry.at, stale: entry.stale }
    },
    invalidate(match) {
      for (const entry of entries.values()) {
        if (!touches(match, entry.key)) continue
        entry.stale = true
        // A call under way may have started before what changed: the next read calls again.
        entry.flight = undefined
      }
      invalidated.next(match)
    },
    invalidated$: invalidated.asObservable(),
  }
}
