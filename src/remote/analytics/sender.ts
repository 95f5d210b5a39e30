/**
 * The `analytics` option's sender (issue 24 §3, "Analytics the site owns"): the public event
 * stream, in batches, to the site's own server (`airlock-server`, POST /v1/analytics/events).
 * A chunk of its own, loaded only when the option is set.
 *
 * - A batch leaves when `batchSize` events are queued, and every `intervalMs`, by `fetch` with
 *   `keepalive` and no credentials; when the page is hidden (`visibilitychange` → hidden,
 *   `pagehide`), everything queued leaves by `navigator.sendBeacon`. Both send JSON as
 *   `text/plain;charset=UTF-8`, so no preflight is needed.
 * - The queue holds `maxQueue` events; past that the oldest are dropped.
 * - Nothing is retried: a batch that fails, or that would be sent while the browser is offline,
 *   is dropped.
 * - Payloads keep their plain top-level values without addresses (./sanitize.ts); with
 *   `includeAddresses`, an account's CAIP-10 id is sent only as `addressHash`.
 */
import type { SchedulerAction, SchedulerLike } from 'rxjs'
import type { PublicEvent } from '../../ports/instance'
import { hashAddress, sanitizePayload, type PlainValue } from './sanitize'

export interface AnalyticsSenderOptions {
  /** The site's analytics server, e.g. `https://airlock.shop.example`. */
  readonly url: string
  readonly projectId: string
  /** Send a hash of the account (SHA-256 of the lower-cased CAIP-10 id and the project id). Default false: no address at all. */
  readonly includeAddresses?: boolean
  /** Default 20. */
  readonly batchSize?: number
  /** Default 200. */
  readonly maxQueue?: number
  /** Default 10 s. */
  readonly intervalMs?: number
}

/** What the sender reaches the page through (createAirlock's deps). */
export interface AnalyticsSenderDeps {
  readonly window: Window
  readonly fetch: typeof globalThis.fetch | undefined
  readonly scheduler: SchedulerLike
}

/** One event as the server reads it: `at` in ms since the epoch. */
export interface SentEvent {
  readonly type: string
  readonly at: number
  readonly payload: Record<string, PlainValue>
}

type Subscribe = (listener: (event: PublicEvent) => void) => () => void

/**
 * Starts sending the events `subscribe` delivers (after `early`, those seen before this chunk
 * loaded). Returns stop(): it sends what is queued and stops listening.
 *
 * ```ts
 * const stop = startAnalyticsSender({ url: 'https://airlock.shop.example', projectId: 'p1' }, airlock.subscribeEvents, deps)
 * ```
 */
export function startAnalyticsSender(
  options: AnalyticsSenderOptions,
  subscribe: Subscribe,
  deps: AnalyticsSenderDeps,
  early: readonly PublicEvent[] = [],
): () => void {
  const { batchSize = 20, maxQueue = 200, intervalMs = 10_000, includeAddresses = false, projectId } = options
  const endpoint = `${options.url.replace(/\/+$/, '')}/v1/analytics/events?projectId=${encodeURIComponent(projectId)}`
  const { window: win } = deps
  const queue: SentEvent[] = []

  const body = (events: readonly SentEvent[]) => new Blob([JSON.stringify({ events })], { type: 'text/plain;charset=UTF-8' })

  /** Sends what is queued, `batchSize` at a time, by beacon or fetch; nothing is kept for later. */
  const flush = (how: 'beacon' | 'fetch', all = true) => {
    if (queue.length === 0) return
    if (win.navigator.onLine === false) {
      queue.length = 0
      return
    }
    do {
      const batch = queue.splice(0, batchSize)
      if (how === 'beacon' && typeof win.navigator.sendBeacon === 'function') {
        win.navigator.sendBeacon(endpoint, body(batch))
      } else {
        deps.fetch?.(endpoint, { method: 'POST', body: body(batch), keepalive: true, credentials: 'omit', mode: 'cors' }).catch(() => undefined)
      }
    } while (all && queue.length > 0)
  }

  const enqueue = (event: SentEvent) => {
    queue.push(event)
    if (queue.length > maxQueue) queue.splice(0, queue.length - maxQueue)
    if (queue.length >= batchSize) flush('fetch', false)
  }

  const onEvent = (event: PublicEvent) => {
    const { payload, caipAddress } = sanitizePayload(event.payload)
    const sent = { type: event.type, at: event.timestamp, payload }
    if (!includeAddresses || caipAddress === undefined) return enqueue(sent)
    hashAddress(caipAddress, projectId).then(
      (addressHash) => enqueue(addressHash === undefined ? sent : { ...sent, payload: { ...payload, addressHash } }),
      () => enqueue(sent),
    )
  }

  const onHidden = () => {
    if (win.document.visibilityState === 'hidden') flush('beacon')
  }
  const onPageHide = () => flush('beacon')

  early.forEach(onEvent)
  const unsubscribe = subscribe(onEvent)
  // Every intervalMs on the scheduler, by its own rescheduling: no rxjs code in this chunk (the
  // page's bundle has it; a shared module would split the bundle's chunks anew).
  const timer = deps.scheduler.schedule(function tick(this: SchedulerAction<undefined>) {
    flush('fetch')
    this.schedule(undefined, intervalMs)
  }, intervalMs)
  win.document.addEventListener('visibilitychange', onHidden)
  win.addEventListener('pagehide', onPageHide)
  return () => {
    unsubscribe()
    timer.unsubscribe()
    win.document.removeEventListener('visibilitychange', onHidden)
    win.removeEventListener('pagehide', onPageHide)
    flush('fetch')
  }
}
