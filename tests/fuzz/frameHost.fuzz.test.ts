/**
 * The page's side of the frame messages (issue 27 §2 "every frame message both ways"), through
 * `createFrameHost` (src/embedded/frameHost.ts) with a window of this file (its `message`
 * listeners, an iframe whose `contentWindow` records what is posted) and virtual time. Once the
 * frame is initialised and a request waits, messages arrive from the frame, from a stranger window
 * and from other origins: any value, frame messages near their shape, replies to the waiting id
 * with valid and mutated payloads. The rules: no listener throws; the frame stays initialised (an
 * INIT_ERROR or READY after start changes nothing); a stranger's message settles nothing and
 * changes no view; the waiting request settles only by the frame's own reply to its id, with a
 * value of the reply codec or a FrameError.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { randomUUID } from 'node:crypto'
import { VirtualTimeScheduler } from 'rxjs'
import { APP_REPLIES, FRAME_CHANNEL, type FrameQuery } from '../../src/embedded/protocol'
import { createFrameHost, FrameError, FRAME_READY_DELAY_MS } from '../../src/embedded/frameHost'
import { arbitraryFor } from '../property/arbitraries'
import { runs } from '../property/settings'
import { hostile, mutated } from './hostile'

const FRAME_ORIGIN = 'https://frame.example:8443'
const QUERY: FrameQuery = { projectId: 'p1', chainId: 1, version: '0.1.0', enableLogger: false }

interface Posted {
  readonly id: string
}

/** A page window with one iframe slot: its listeners, and the frame's posted messages. */
function page() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const posted: Posted[] = []
  const frameWindow = { postMessage: (message: Posted) => void posted.push(message) }
  const win = {
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => void (type === 'message' && listeners.add(listener)),
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => void listeners.delete(listener),
    requestAnimationFrame: () => 0,
    cancelAnimationFrame: () => undefined,
    document: {
      createElement: () => ({
        style: {},
        dataset: {},
        contentWindow: null as unknown,
        setAttribute() {},
        removeAttribute() {},
        addEventListener() {},
        remove() {
          this.contentWindow = null
        },
      }),
      body: {
        appendChild(node: { contentWindow: unknown }) {
          node.contentWindow = frameWindow
          return node
        },
      },
    },
    crypto: { randomUUID },
  }
  const deliver = (data: unknown, origin: string, source: unknown) => {
    const event = { data, origin, source } as unknown as MessageEvent
    for (const listener of [...listeners]) listener(event)
  }
  return { win: win as unknown as Window, posted, frameWindow, deliver }
}

/** Let promise callbacks run (the host settles requests in microtasks). */
const microtasks = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve()
}

const message = (type: string, payload: unknown, id: string = randomUUID()) => ({ channel: FRAME_CHANNEL, id, type, payload })

describe('frame messages on the page side: createFrameHost (issue 27 §2)', () => {
  it('any message from the frame, a stranger or another origin: nothing throws, the frame stays initialised, only the frame’s own reply settles a request', async () => {
    const reply = arbitraryFor(APP_REPLIES.GET_USER)
    // Over the run, the frame's replies both resolve and reject the waiting request.
    const seen = { resolved: 0, rejected: 0 }
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            from: fc.constantFrom('frame', 'frame', 'frame', 'stranger', 'other origin'),
            // The data: anything, a frame message near its shape, or a reply to the waiting request (id filled in below).
            data: fc.oneof(
              hostile,
              mutated(
                fc.constantFrom(
                  message('READY', { version: '0.1.0', namespaces: ['eip155'] }),
                  message('INIT_ERROR', { message: 'no' }),
                  message('APPROVAL_VIEW', { requestId: null, height: 10 }),
                ),
              ),
              fc
                .constantFrom('SUCCESS', 'ERROR')
                .chain((type) =>
                  fc
                    .oneof(reply, mutated(reply), fc.record({ message: fc.string(), code: fc.integer() }, { requiredKeys: [] }), hostile)
                    .map((payload) => ({ toWaiting: type, payload })),
                ),
            ),
          }),
          { maxLength: 6 },
        ),
        async (arrivals) => {
          const { win, posted, frameWindow, deliver } = page()
          const scheduler = new VirtualTimeScheduler()
          const host = createFrameHost({ origin: FRAME_ORIGIN, query: QUERY, window: win, scheduler })
          const started = host.start()
          deliver(message('READY', { version: '0.1.0', namespaces: ['eip155'] }), FRAME_ORIGIN, frameWindow)
          scheduler.maxFrames = FRAME_READY_DELAY_MS
          scheduler.flush()
          await started
          expect(host.status$.value).toBe('initialised')

          const outcome: { status: 'pending' | 'resolved' | 'rejected'; value?: unknown; error?: unknown } = { status: 'pending' }
          host.request('GET_USER', { chainId: 1, preferredAccountType: 'eoa' } as never).then(
            (value) => Object.assign(outcome, { status: 'resolved', value }),
            (error: unknown) => Object.assign(outcome, { status: 'rejected', error }),
          )
          await microtasks()
          const waitingId = posted[posted.length - 1]!.id
          let view = host.view$.value

          let settledByFrame = false
          for (const { from, data } of arrivals) {
            const toWaiting = typeof data === 'object' && data !== null && 'toWaiting' in data
            const toReply = toWaiting ? (data as unknown as { toWaiting: string; payload: unknown }) : undefined
            const sent = toReply ? message(toReply.toWaiting, toReply.payload, waitingId) : data
            const [origin, source]: [string, unknown] =
              from === 'frame'
                ? [FRAME_ORIGIN, frameWindow]
                : from === 'stranger'
                  ? [FRAME_ORIGIN, { postMessage() {} }]
                  : ['https://evil.example', frameWindow]
            expect(() => deliver(sent, origin, source)).not.toThrow()
            await microtasks()
            if (from === 'frame' && toWaiting && outcome.status !== 'pending') settledByFrame = true
            // Only the frame changes what its view shows.
            if (from !== 'frame') expect(host.view$.value).toEqual(view)
            view = host.view$.value
          }
          expect(host.status$.value).toBe('initialised')
          if (outcome.status !== 'pending') expect(settledByFrame).toBe(true)
          if (outcome.status !== 'pending') seen[outcome.status] += 1
          if (outcome.status === 'resolved') expect(APP_REPLIES.GET_USER.is(outcome.value)).toBe(true)
          if (outcome.status === 'rejected') expect(outcome.error).toBeInstanceOf(FrameError)
          host.destroy()
        },
      ),
      runs({ ciScale: 0.25 }),
    )
    expect(seen.resolved).toBeGreaterThan(0)
    expect(seen.rejected).toBeGreaterThan(0)
  })
})
