/**
 * The page's side of the secure frame (SPEC §2, §4, §7): attaches the hidden frame to the page
 * body, waits for its READY, then sends app events and matches each reply to its request.
 *
 * What it trusts: a message only when it comes from the frame's exact origin AND from the frame's
 * own window (another window of the same origin, a popup say, is not the frame), and only when it
 * decodes as a frame message. It posts only to the frame's origin, never to `'*'`. Request ids
 * come from `crypto.randomUUID()`; a reply whose id is not waiting (unknown, or answered already)
 * changes nothing.
 *
 * Approvals are the frame's (DESIGN "The secure frame decides"): the frame shows its own approval
 * view and tells what it shows (APPROVAL_VIEW). The host then places the frame, visible, over the
 * element a view offers for it (FRAME_SLOT_EVENT: ApproveTransaction's), and hides it again when
 * nothing waits. A request the frame shows that this host did not send (a script of the page
 * talking to the frame behind the modal's back) is cancelled at once.
 *
 * Timings (SPEC §9, ./frameTimings.ts): no READY within 20 s → "Unable to load email login dependency"
 * (iframe_load_failed); READY, then 500 ms, then initialised; a connect, code or social request
 * unanswered within 30 s → "Embedded Wallet Request Timed Out" (iframe_request_timeout).
 *
 * A frame that goes away (issue 27 §3): removed from the page, or its document replaced (navigated
 * away, reloaded) after it loaded. Nothing it was asked will be answered then, so every request
 * waiting fails at once with "Unable to load email login dependency" (iframe_load_failed) instead
 * of hanging, and the next request attaches a fresh frame. The one new document expected is the
 * frame's own after a RELOAD: the host waits for its READY (failing after 3 s of silence).
 *
 * Its errors and SPEC §8's messages for them are ./frameErrors.ts's; its shape ./frameHostTypes.ts's.
 */
import { BehaviorSubject, type Subscription } from 'rxjs'
import { isRight } from '../kernel/either'
import {
  AnyReadyMessage,
  APP_REPLIES,
  FRAME_CHANNEL,
  FRAME_SLOT_EVENT,
  FrameMessage,
  frameUrl,
  type AppEventPayload,
  type AppEventType,
  type AppReply,
} from './protocol'
import type { FrameApprovalView, FrameStatus } from './port'
import {
  abortedError,
  FRAME_DEFAULT_ERROR,
  FRAME_LOAD_FAILED_MESSAGE,
  FRAME_REFUSED_DETAILS,
  FRAME_REMOVED_DETAILS,
  FRAME_REPLACED_DETAILS,
  FRAME_REQUEST_TIMED_OUT_MESSAGE,
  FrameError,
} from './frameErrors'
import { FRAME_READY_DELAY_MS, FRAME_READY_WAIT_MS, FRAME_REQUEST_TIMEOUT_MS, FRAME_SILENT_LOAD_MS, TIMED_REQUESTS } from './frameTimings'
import type { FrameHost, FrameHostOptions, Waiting } from './frameHostTypes'

export * from './frameErrors'
export * from './frameTimings'
export type { FrameHost, FrameHostOptions } from './frameHostTypes'

const NO_VIEW: FrameApprovalView = { requestId: null, height: 0 }
const HIDDEN_STYLE = { position: 'fixed', width: '0', height: '0', border: '0', opacity: '0', pointerEvents: 'none', top: '0', left: '0', zIndex: '' }

/**
 * ```ts
 * const host = createFrameHost({ origin: 'https://frame.example', query, window, scheduler: asyncScheduler })
 * const { action } = await host.request('CONNECT_EMAIL', { email })
 * ```
 */
export function createFrameHost(options: FrameHostOptions): FrameHost {
  const { window: win, scheduler } = options
  const origin = new URL(options.origin).origin
  const status$ = new BehaviorSubject<FrameStatus>('notLoaded')
  const view$ = new BehaviorSubject<FrameApprovalView>(NO_VIEW)
  const namespaces$ = new BehaviorSubject<readonly string[]>([])
  const waiting = new Map<string, Waiting>()
  /** The element the frame is shown over while its approval view shows something. */
  let slot: HTMLElement | null = null
  let placing: number | undefined
  let placed = ''
  let iframe: HTMLIFrameElement | undefined
  let started: Promise<void> | undefined
  let settle: { resolve(): void; reject(error: unknown): void } | undefined
  let readyTimer: Subscription | undefined
  let silentTimer: Subscription | undefined
  /** Watches the frame's place in the page (a page script may remove it). */
  let watcher: MutationObserver | undefined
  /** A RELOAD was sent: the frame's next document is its own. */
  let reloadAsked = false
  /** The frame's document said LOADING: its script runs, so its silence after the load is a slow start, not a refusal. */
  let starting = false

  /** Fails every request waiting: the document that was asked is gone (or, with `error`, the host closed). */
  const abandon = (details: string, error = (_type: AppEventType) => new FrameError(FRAME_LOAD_FAILED_MESSAGE, { failure: 'iframe_load_failed', details })) => {
    for (const entry of waiting.values()) {
      entry.timer?.unsubscribe()
      entry.reject(error(entry.type))
    }
    waiting.clear()
    if (view$.value.requestId !== null) view$.next(NO_VIEW)
    hide()
  }

  const fail = (error: FrameError) => {
    readyTimer?.unsubscribe()
    silentTimer?.unsubscribe()
    watcher?.disconnect()
    watcher = undefined
    status$.next('failed')
    settle?.reject(error)
    settle = undefined
    // The next start attaches a fresh frame.
    started = undefined
    iframe?.remove()
    iframe = undefined
  }

  const hide = () => {
    if (placing !== undefined) win.cancelAnimationFrame(placing)
    placing = undefined
    placed = ''
    if (!iframe) return
    Object.assign(iframe.style, HIDDEN_STYLE)
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
  }

  /** Keeps the frame over the slot, every animation frame while it shows something (the modal animates and scrolls). */
  const place = () => {
    placing = undefined
    const frame = iframe
    if (!frame || !slot || !slot.isConnected || view$.value.requestId === null) return hide()
    const rect = slot.getBoundingClientRect()
    const where = `${rect.left},${rect.top},${rect.width},${rect.height}`
    if (where !== placed) {
      placed = where
      Object.assign(frame.style, {
        position: 'fixed',
        left: `${rect.left}px`,
        top: `${rect.top}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`,
        opacity: '1',
        pointerEvents: 'auto',
        // Above the modal, exactly over the slot the modal keeps for it.
        zIndex: '2147483647',
      })
      frame.removeAttribute('aria-hidden')
      frame.tabIndex = 0
    }
    placing = win.requestAnimationFrame(place)
  }
  const replace = () => {
    if (placing === undefined) place()
  }

  const onSlot = (event: Event) => {
    const target = event.composedPath()[0] as HTMLElement | undefined
    if (!target || typeof target.getBoundingClientRect !== 'function') return
    if (slot !== target) {
      slot = target
      // Keyboard users reach the frame's own buttons through the slot.
      target.addEventListener('focus', () => iframe?.focus())
    }
    replace()
  }

  const onMessage = (event: MessageEvent) => {
    if (!iframe || event.origin !== origin || event.source !== iframe.contentWindow) return
    const decoded = FrameMessage.decode(event.data)
    if (!isRight(decoded)) {
      // The frame itself said READY in a shape this page cannot read (another version): it cannot serve this page.
      if (status$.value === 'loading' && AnyReadyMessage.is(event.data))
        fail(new FrameError(FRAME_LOAD_FAILED_MESSAGE, { failure: 'iframe_load_failed', details: "The frame's READY is not of its shape" }))
      return
    }
    const message = decoded.right
    switch (message.type) {
      case 'APPROVAL_VIEW': {
        const { requestId } = message.payload
        // Not ours: a page script's request, asked behind the modal's back. It gets 4001 now.
        if (requestId !== null && !waiting.has(requestId)) {
          // Not shown meanwhile either: the frame's view is the stranger's until the cancel lands.
          view$.next(NO_VIEW)
          hide()
          void send('CANCEL_APPROVAL', { requestId }).catch(() => undefined)
          return
        }
        view$.next(message.payload)
        if (requestId === null) hide()
        else replace()
        return
      }
      case 'LOADING':
        // The document's script runs: no refusal, wait the 20 s for its READY (a load may come before
        // or after this).
        starting = true
        silentTimer?.unsubscribe()
        return
      case 'READY':
        if (status$.value !== 'loading') return
        readyTimer?.unsubscribe()
        namespaces$.next(message.payload.namespaces)
        status$.next('ready')
        // SPEC §4: initialised 500 ms after the ready event.
        scheduler.schedule(() => {
          if (status$.value !== 'ready') return
          status$.next('initialised')
          settle?.resolve()
          settle = undefined
        }, FRAME_READY_DELAY_MS)
        return
      case 'INIT_ERROR':
        if (status$.value !== 'loading') return
        // The server's words ("Unauthorized: origin not allowed") are the details: the alert follows them.
        fail(new FrameError(FRAME_LOAD_FAILED_MESSAGE, { failure: 'unverified_domain', details: message.payload.message }))
        return
      case 'SUCCESS':
      case 'ERROR': {
        const entry = waiting.get(message.id)
        if (!entry) return
        waiting.delete(message.id)
        entry.timer?.unsubscribe()
        if (message.type === 'ERROR') {
          const { message: text, code, data } = message.payload
          entry.reject(new FrameError(text || FRAME_DEFAULT_ERROR, { ...(code !== undefined && { code }), details: text, data }))
          return
        }
        const reply = APP_REPLIES[entry.type].decode(message.payload)
        if (isRight(reply)) entry.resolve(reply.right)
        else entry.reject(new FrameError(FRAME_DEFAULT_ERROR, { details: `The frame's answer to ${entry.type} is not of its shape` }))
        return
      }
    }
  }

  const attach = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      settle = { resolve, reject }
      status$.next('loading')
      starting = false
      win.addEventListener('message', onMessage)
      win.addEventListener(FRAME_SLOT_EVENT, onSlot)
      const frame = win.document.createElement('iframe')
      frame.src = frameUrl(origin, options.query)
      frame.title = 'Secure wallet'
      frame.setAttribute('aria-hidden', 'true')
      frame.tabIndex = -1
      // Scripts and its own origin's storage (IndexedDB holds its keys); no top navigation, no popups.
      frame.setAttribute('sandbox', 'allow-scripts allow-same-origin')
      frame.referrerPolicy = 'origin'
      frame.dataset['airlockFrame'] = ''
      // Set through the CSSOM, which a page's strict style-src allows (a style attribute it would not).
      Object.assign(frame.style, HIDDEN_STYLE)
      iframe = frame
      let loads = 0
      frame.addEventListener('load', () => {
        if (iframe !== frame) return
        loads += 1
        if (loads > 1) {
          // The frame reloading itself as asked (RELOAD) comes back with a READY; any other new
          // document (navigated away by a page script) is a frame lost: a fresh one next time.
          if (!reloadAsked) return removed(FRAME_REPLACED_DETAILS)
          reloadAsked = false
          return replaced()
        }
        if (starting) return
        silentTimer = scheduler.schedule(() => {
          if (status$.value === 'loading' && iframe === frame)
            fail(new FrameError(FRAME_LOAD_FAILED_MESSAGE, { failure: 'unverified_domain', details: FRAME_REFUSED_DETAILS }))
        }, FRAME_SILENT_LOAD_MS)
      })
      waitForReady()
      win.document.body.appendChild(frame)
      // Removed by a page script: nothing it was asked will be answered.
      const Observer = (win as Window & { MutationObserver?: typeof MutationObserver }).MutationObserver
      if (typeof Observer === 'function') {
        watcher = new Observer(() => {
          if (iframe === frame && !frame.isConnected) removed()
        })
        watcher.observe(win.document.body, { childList: true })
      }
    })

  /** No READY within 20 s of (re)loading: a frame that never loaded. */
  const waitForReady = () => {
    readyTimer?.unsubscribe()
    readyTimer = scheduler.schedule(() => {
      if (status$.value === 'loading') fail(new FrameError(FRAME_LOAD_FAILED_MESSAGE, { failure: 'iframe_load_failed' }))
    }, FRAME_READY_WAIT_MS)
  }

  const removed = (details = FRAME_REMOVED_DETAILS) => {
    abandon(details)
    fail(new FrameError(FRAME_LOAD_FAILED_MESSAGE, { failure: 'iframe_load_failed', details }))
  }

  /** Another document in the frame: what the old one was asked is lost; requests wait for the new one's READY. */
  const replaced = () => {
    abandon(FRAME_REPLACED_DETAILS)
    silentTimer?.unsubscribe()
    if (status$.value !== 'loading') {
      const next = new Promise<void>((resolve, reject) => (settle = { resolve, reject }))
      // Told through the requests that wait on it; never an unhandled rejection.
      next.catch(() => undefined)
      started = next
      status$.next('loading')
    }
    waitForReady()
    // The new document loaded and says nothing: not the frame (a page navigated it away). Fail
    // now, so the next request attaches a fresh frame instead of waiting 20 s on this one.
    const frame = iframe
    if (starting) return
    silentTimer = scheduler.schedule(() => {
      if (status$.value === 'loading' && iframe === frame)
        fail(new FrameError(FRAME_LOAD_FAILED_MESSAGE, { failure: 'iframe_load_failed', details: FRAME_REPLACED_DETAILS }))
    }, FRAME_SILENT_LOAD_MS)
  }

  const start = (): Promise<void> => {
    started ??= attach()
    return started
  }

  /** Posts one app event to the attached frame and waits for its reply. */
  const send = <K extends AppEventType>(type: K, payload: AppEventPayload<K>): Promise<AppReply<K>> => {
    const target = iframe?.contentWindow
    if (!target) return Promise.reject(new FrameError(FRAME_LOAD_FAILED_MESSAGE, { failure: 'iframe_load_failed' }))
    const id = win.crypto.randomUUID()
    if (type === 'RELOAD') {
      reloadAsked = true
      // The next document must say LOADING itself.
      starting = false
    }
    return new Promise((resolve, reject) => {
      const timer = TIMED_REQUESTS.has(type)
        ? scheduler.schedule(() => {
            if (!waiting.delete(id)) return
            reject(new FrameError(FRAME_REQUEST_TIMED_OUT_MESSAGE, { failure: 'iframe_request_timeout' }))
          }, FRAME_REQUEST_TIMEOUT_MS)
        : undefined
      waiting.set(id, { type, resolve: resolve as (value: unknown) => void, reject, timer })
      target.postMessage({ channel: FRAME_CHANNEL, id, type, payload }, origin)
    })
  }

  return {
    start,
    status$,
    view$,
    namespaces$,
    async request(type, payload) {
      await start()
      return send(type, payload)
    },
    cancelApprovals() {
      if (status$.value === 'ready' || status$.value === 'initialised') void send('CANCEL_APPROVAL', {}).catch(() => undefined)
    },
    destroy() {
      win.removeEventListener('message', onMessage)
      win.removeEventListener(FRAME_SLOT_EVENT, onSlot)
      slot = null
      abandon('', abortedError)
      view$.next(NO_VIEW)
      settle?.reject(abortedError())
      settle = undefined
      readyTimer?.unsubscribe()
      silentTimer?.unsubscribe()
      watcher?.disconnect()
      watcher = undefined
      iframe?.remove()
      iframe = undefined
      started = undefined
      status$.next('notLoaded')
    },
  }
}
