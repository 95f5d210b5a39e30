/**
 * The page's side of the secure frame (SPEC §4 "Embedded frame" states, §7 the frame's messages,
 * §8 its failures, §9 its timings), against a fake window of this file: its `message` listeners,
 * a document whose iframe has a fake `contentWindow` that records what is posted to it, and
 * `crypto.randomUUID`. Time is an rxjs VirtualTimeScheduler, moved on by hand.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { AppMessage, FRAME_CHANNEL, MessageId, type AppEventPayload, type AppEventType, type Email, type FrameQuery } from './protocol'
import { isRight } from '../kernel/either'
import { createEvent } from '../kernel/registry'
import { resolveOptions } from '../core/options/resolve'
import { ethereum } from '../core/networks/chains/ethereum'
import { polygon } from '../core/networks/chains/polygon'
import { createKernel } from '../kernel/kernel'
import { defaultDeps, memoryStorage } from '../kernel/deps'
import { coreModules } from '../core/modules'
import type { FrameFailure, FrameStatus } from './port'
import {
  createFrameHost,
  FrameError,
  FRAME_DEFAULT_ERROR,
  FRAME_LOAD_FAILED_MESSAGE,
  FRAME_READY_DELAY_MS,
  FRAME_READY_WAIT_MS,
  FRAME_REFUSED_DETAILS,
  FRAME_REPLACED_DETAILS,
  FRAME_REQUEST_TIMED_OUT_MESSAGE,
  FRAME_REQUEST_TIMEOUT_MS,
  FRAME_SILENT_LOAD_MS,
} from './frameHost'
import { createEmbeddedWalletPort } from './portShell'

const FRAME_ORIGIN = 'https://frame.example:8443'
const QUERY: FrameQuery = { projectId: 'p1', chainId: 1, version: '0.1.0', enableLogger: false }
const EMAIL = 'ada@example.com' as Email

interface Posted {
  readonly message: { channel: string; id: string; type: string; payload: unknown }
  readonly targetOrigin: string
}

/** A window another page holds (a popup, a sibling frame): it may post, it is not the frame. */
interface FakeContentWindow {
  readonly posted: Posted[]
  postMessage(message: unknown, targetOrigin: string): void
}

interface FakeIframe {
  src: string
  title: string
  tabIndex: number
  referrerPolicy: string
  readonly dataset: Record<string, string>
  readonly style: Record<string, string>
  readonly attributes: Map<string, string>
  contentWindow: FakeContentWindow | null
  removed: boolean
  readonly loadListeners: (() => void)[]
  setAttribute(name: string, value: string): void
  addEventListener(type: string, listener: () => void): void
  remove(): void
}

function contentWindow(): FakeContentWindow {
  const posted: Posted[] = []
  return { posted, postMessage: (message, targetOrigin) => void posted.push({ message: message as Posted['message'], targetOrigin }) }
}

/** The fake page window: the host's `message` listeners, the iframes it made, the body they went into. */
function fakeWindow() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const iframes: FakeIframe[] = []
  const body: FakeIframe[] = []
  const win = {
    addEventListener(type: string, listener: (event: MessageEvent) => void) {
      if (type === 'message') listeners.add(listener)
    },
    removeEventListener(type: string, listener: (event: MessageEvent) => void) {
      if (type === 'message') listeners.delete(listener)
    },
    document: {
      createElement(tag: string): FakeIframe {
        expect(tag).toBe('iframe')
        const iframe: FakeIframe = {
          src: '',
          title: '',
          tabIndex: 0,
          referrerPolicy: '',
          dataset: {},
          style: {},
          attributes: new Map(),
          // A detached iframe has no window; it gets one when it is attached.
          contentWindow: null,
          removed: false,
          loadListeners: [],
          setAttribute(name, value) {
            this.attributes.set(name, value)
          },
          addEventListener(type, listener) {
            if (type === 'load') this.loadListeners.push(listener)
          },
          remove() {
            this.removed = true
            this.contentWindow = null
          },
        }
        iframes.push(iframe)
        return iframe
      },
      body: {
        appendChild(node: FakeIframe) {
          node.contentWindow = contentWindow()
          body.push(node)
          return node
        },
      },
    },
    crypto: { randomUUID },
  }
  return { win: win as unknown as Window, listeners, iframes, body }
}

/** Let promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** A promise's state, readable at any time. */
function track<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { status: 'pending' }
  promise.then(
    (value) => Object.assign(state, { status: 'resolved', value }),
    (error: unknown) => Object.assign(state, { status: 'rejected', error }),
  )
  return state
}

function setup() {
  const page = fakeWindow()
  const scheduler = new VirtualTimeScheduler()
  // A path on the configured origin: the host keeps the origin only.
  const host = createFrameHost({ origin: `${FRAME_ORIGIN}/some/path`, query: QUERY, window: page.win, scheduler })
  const statuses: FrameStatus[] = []
  host.status$.subscribe((status) => statuses.push(status))

  /** Move the virtual clock on by `ms`, running every timer due by then. */
  const advance = async (ms: number) => {
    const to = scheduler.frame + ms
    scheduler.maxFrames = to
    scheduler.flush()
    scheduler.frame = to
    await settle()
  }
  const frame = () => page.body[page.body.length - 1]!
  const frameWindow = () => frame().contentWindow!
  /** A message event to every listener, from the frame unless `from` says otherwise. */
  const deliver = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    const event = { data, origin: from.origin ?? FRAME_ORIGIN, source: 'source' in from ? from.source : frameWindow() } as unknown as MessageEvent
    for (const listener of [...page.listeners]) listener(event)
  }
  const message = (type: string, payload: unknown, id: string = randomUUID()) => ({ channel: FRAME_CHANNEL, id, type, payload })
  const ready = () => deliver(message('READY', { version: '0.1.0', namespaces: ['eip155'] }))
  const posted = () => frameWindow().posted
  const lastPosted = () => posted()[posted().length - 1]!
  /** The frame's document loads (its iframe's load event). */
  const load = () => {
    for (const listener of frame().loadListeners) listener()
  }

  /** Started and initialised: READY, then 500 ms. */
  const initialised = async () => {
    const started = host.start()
    ready()
    await advance(FRAME_READY_DELAY_MS)
    await started
  }
  /** A request, once it is posted: its tracked outcome and its id. */
  const ask = async <K extends AppEventType>(type: K, payload: AppEventPayload<K>) => {
    const before = posted().length
    const outcome = track(host.request(type, payload))
    await settle()
    expect(posted()).toHaveLength(before + 1)
    return { outcome, id: lastPosted().message.id }
  }
  return { page, scheduler, host, statuses, advance, frame, frameWindow, deliver, message, ready, posted, initialised, ask, load }
}

describe('the frame host: loading (SPEC §4 embedded frame states, §9 frame timings)', () => {
  it('attaches one hidden frame at the frame URL with SPEC §7’s query, and stays "loading" until READY', async () => {
    const { host, page, statuses } = setup()
    const started = track(host.start())
    // A second start while loading is the same start.
    void host.start()
    expect(page.body).toHaveLength(1)
    const iframe = page.body[0]!
    expect(new URL(iframe.src).origin).toBe(FRAME_ORIGIN)
    expect(Object.fromEntries(new URL(iframe.src).searchParams)).toEqual({ projectId: 'p1', chainId: '1', version: '0.1.0', enableLogger: 'false' })
    expect(iframe.attributes.get('aria-hidden')).toBe('true')
    expect(iframe.attributes.get('sandbox')).toBe('allow-scripts allow-same-origin')
    expect(iframe.style).toMatchObject({ width: '0', height: '0', opacity: '0' })
    expect(statuses).toEqual(['notLoaded', 'loading'])
    await settle()
    expect(started.status).toBe('pending')
  })

  it('READY, then 500 ms, then initialised: not one millisecond before (SPEC §4, §9 "Frame ready delay 500 ms")', async () => {
    const { host, statuses, ready, advance } = setup()
    const started = track(host.start())
    await advance(1234)
    ready()
    expect(host.status$.value).toBe('ready')
    await advance(FRAME_READY_DELAY_MS - 1)
    expect(host.status$.value).toBe('ready')
    expect(started.status).toBe('pending')
    await advance(1)
    expect(host.status$.value).toBe('initialised')
    expect(started.status).toBe('resolved')
    expect(statuses).toEqual(['notLoaded', 'loading', 'ready', 'initialised'])
  })

  it('READY says which namespaces the frame serves: none before it, then what it said, names the page does not know included (issue 26 §3)', async () => {
    const { host, deliver, message, advance } = setup()
    const started = track(host.start())
    expect(host.namespaces$.value).toEqual([])
    deliver(message('READY', { version: '0.1.0', namespaces: ['solana', 'tron'] }))
    expect(host.namespaces$.value).toEqual(['solana', 'tron'])
    await advance(FRAME_READY_DELAY_MS)
    expect(started.status).toBe('resolved')
  })

  it('a READY of the frame’s own that this page cannot read (no namespaces, or not a list): "Unable to load email login dependency" at once (SPEC §8)', async () => {
    for (const payload of [{ version: '0.1.0' }, { version: '0.1.0', namespaces: 'eip155' }, { version: '0.1.0', namespaces: [1] }, null]) {
      const { host, deliver, message, page } = setup()
      const started = track(host.start())
      deliver(message('READY', payload))
      await settle()
      expect(started.status).toBe('rejected')
      const error = started.error as FrameError
      expect(error.message).toBe('Unable to load email login dependency')
      expect(error.failure).toBe('iframe_load_failed')
      expect(error.details).toBe("The frame's READY is not of its shape")
      expect(host.status$.value).toBe('failed')
      expect(host.namespaces$.value).toEqual([])
      expect(page.body[0]!.removed).toBe(true)
    }
  })

  it('no READY within 20 s: "Unable to load email login dependency", failure iframe_load_failed, the frame removed (SPEC §8, §9 "Frame ready wait 20 s")', async () => {
    const { host, advance, page } = setup()
    const started = track(host.start())
    await advance(FRAME_READY_WAIT_MS - 1)
    expect(started.status).toBe('pending')
    expect(host.status$.value).toBe('loading')
    await advance(1)
    expect(started.status).toBe('rejected')
    const error = started.error as FrameError
    expect(error).toBeInstanceOf(FrameError)
    expect(error.message).toBe('Unable to load email login dependency')
    expect(error.failure).toBe('iframe_load_failed')
    expect(error.details).toBe('iframe_load_failed')
    expect(host.status$.value).toBe('failed')
    expect(page.body[0]!.removed).toBe(true)
    // A later start attaches a fresh frame.
    void host.start()
    expect(page.body).toHaveLength(2)
    expect(host.status$.value).toBe('loading')
  })

  it('INIT_ERROR fails the start with the server’s message in details (unverified_domain, SPEC §5 allowed origins, §8)', async () => {
    const { host, deliver, message } = setup()
    const started = track(host.start())
    deliver(message('INIT_ERROR', { message: 'Unauthorized: origin not allowed' }))
    await settle()
    expect(started.status).toBe('rejected')
    const error = started.error as FrameError
    expect(error.message).toBe(FRAME_LOAD_FAILED_MESSAGE)
    expect(error.failure).toBe('unverified_domain')
    expect(error.details).toBe('Unauthorized: origin not allowed')
    expect(host.status$.value).toBe('failed')
  })

  it('a frame whose document loads but says nothing for 3 s was refused (frame-ancestors): unverified_domain at once, not after 20 s', async () => {
    const { host, frame, advance } = setup()
    const started = track(host.start())
    await advance(1000)
    for (const listener of frame().loadListeners) listener()
    await advance(FRAME_SILENT_LOAD_MS - 1)
    expect(started.status).toBe('pending')
    await advance(1)
    expect(started.status).toBe('rejected')
    expect((started.error as FrameError).failure).toBe('unverified_domain')
    expect((started.error as FrameError).details).toBe(FRAME_REFUSED_DETAILS)
  })

  for (const order of ['before', 'after'] as const) {
    it(`a frame that says LOADING (${order} its load event) is starting, not refused: its silence past 3 s waits for READY, up to SPEC §9's 20 s`, async () => {
      const { host, load, deliver, message, ready, advance } = setup()
      const started = track(host.start())
      if (order === 'after') load()
      deliver(message('LOADING', {}))
      if (order === 'before') load()
      await advance(10_000)
      expect(started.status).toBe('pending')
      expect(host.status$.value).toBe('loading')
      ready()
      await advance(FRAME_READY_DELAY_MS)
      expect(started.status).toBe('resolved')
      expect(host.status$.value).toBe('initialised')
    })
  }

  it('a frame that says LOADING and never READY fails after 20 s as one that never loaded (iframe_load_failed)', async () => {
    const { host, load, deliver, message, advance } = setup()
    const started = track(host.start())
    deliver(message('LOADING', {}))
    load()
    await advance(FRAME_READY_WAIT_MS - 1)
    expect(started.status).toBe('pending')
    await advance(1)
    expect(started.status).toBe('rejected')
    expect((started.error as FrameError).failure).toBe('iframe_load_failed')
  })

  it('LOADING from another origin or another window does not keep a silent frame from being taken as refused', async () => {
    const { host, load, deliver, message, advance } = setup()
    const started = track(host.start())
    deliver(message('LOADING', {}), { origin: 'https://evil.example' })
    deliver(message('LOADING', {}), { source: contentWindow() })
    load()
    await advance(FRAME_SILENT_LOAD_MS)
    expect(started.status).toBe('rejected')
    expect((started.error as FrameError).failure).toBe('unverified_domain')
  })

  it('a load followed by READY in time is no refusal', async () => {
    const { host, frame, ready, advance } = setup()
    const started = track(host.start())
    for (const listener of frame().loadListeners) listener()
    await advance(FRAME_SILENT_LOAD_MS - 1)
    ready()
    await advance(FRAME_READY_WAIT_MS)
    expect(started.status).toBe('resolved')
    expect(host.status$.value).toBe('initialised')
  })

  it('READY or INIT_ERROR from another origin, or from another window of the frame’s origin, changes nothing (issue 14 §1)', async () => {
    const { host, deliver, message, advance } = setup()
    const started = track(host.start())
    const impostor = contentWindow()
    deliver(message('READY', { version: '0.1.0', namespaces: ['eip155'] }), { origin: 'https://evil.example' })
    deliver(message('READY', { version: '0.1.0', namespaces: ['eip155'] }), { source: impostor })
    deliver(message('INIT_ERROR', { message: 'forged' }), { origin: 'https://evil.example' })
    deliver(message('INIT_ERROR', { message: 'forged' }), { source: impostor })
    // Same host, other port: another origin.
    deliver(message('READY', { version: '0.1.0', namespaces: ['eip155'] }), { origin: 'https://frame.example' })
    // Not a message of the protocol at all.
    deliver({ channel: 'airlock-frame', id: 'not-a-uuid', type: 'READY', payload: { version: '1' } })
    deliver({ ...message('READY', { version: '0.1.0', namespaces: ['eip155'] }), channel: 'other' })
    await advance(FRAME_READY_DELAY_MS * 4)
    expect(host.status$.value).toBe('loading')
    expect(started.status).toBe('pending')
  })
})

describe('the frame host: requests (SPEC §7 "each message … matched to a success or error reply")', () => {
  it('posts each request only to the frame’s origin, never "*", as an app message with a fresh UUID id', async () => {
    const { initialised, ask, posted } = setup()
    await initialised()
    await ask('GET_CHAIN_ID', {})
    await ask('CONNECT_EMAIL', { email: EMAIL })
    await ask('RPC_REQUEST', { method: 'eth_blockNumber', chainId: 1 })
    expect(posted()).toHaveLength(3)
    for (const { message, targetOrigin } of posted()) {
      expect(targetOrigin).toBe(FRAME_ORIGIN)
      expect(MessageId.is(message.id)).toBe(true)
      expect(isRight(AppMessage.decode(message))).toBe(true)
    }
    expect(new Set(posted().map((p) => p.message.id)).size).toBe(3)
    expect(posted()[1]!.message).toMatchObject({ channel: FRAME_CHANNEL, type: 'CONNECT_EMAIL', payload: { email: EMAIL } })
  })

  it('a request before the frame is initialised waits for it, then is posted', async () => {
    const { host, ready, advance, posted } = setup()
    const outcome = track(host.request('GET_CHAIN_ID', {}))
    ready()
    await advance(FRAME_READY_DELAY_MS - 1)
    expect(posted()).toHaveLength(0)
    await advance(1)
    expect(posted()).toHaveLength(1)
    expect(outcome.status).toBe('pending')
  })

  it('a request resolves with its reply, decoded with the codec of its type', async () => {
    const { initialised, ask, deliver, message } = setup()
    await initialised()
    const { outcome, id } = await ask('CONNECT_EMAIL', { email: EMAIL })
    deliver(message('SUCCESS', { action: 'VERIFY_OTP' }, id))
    await settle()
    expect(outcome).toMatchObject({ status: 'resolved', value: { action: 'VERIFY_OTP' } })
  })

  it('a reply from another origin, from another window with the right origin, or for an unknown id changes nothing (issue 14 §1)', async () => {
    const { initialised, ask, deliver, message } = setup()
    await initialised()
    const { outcome, id } = await ask('GET_CHAIN_ID', {})
    deliver(message('SUCCESS', { chainId: 666 }, id), { origin: 'https://evil.example' })
    deliver(message('ERROR', { message: 'forged' }, id), { origin: 'https://evil.example' })
    deliver(message('SUCCESS', { chainId: 666 }, id), { source: contentWindow() })
    deliver(message('SUCCESS', { chainId: 666 }, id), { source: null })
    deliver(message('ERROR', { message: 'forged' }, id), { source: contentWindow() })
    deliver(message('SUCCESS', { chainId: 666 }, randomUUID()))
    deliver(message('ERROR', { message: 'forged' }, randomUUID()))
    // The id in another case, or with a different channel, is no match either.
    deliver(message('SUCCESS', { chainId: 666 }, id.toUpperCase()))
    deliver({ ...message('SUCCESS', { chainId: 666 }, id), channel: 'airlock' })
    await settle()
    expect(outcome.status).toBe('pending')
    deliver(message('SUCCESS', { chainId: 10 }, id))
    await settle()
    expect(outcome).toMatchObject({ status: 'resolved', value: { chainId: 10 } })
  })

  it('a second reply to an answered id changes nothing: neither that request nor another one still waiting', async () => {
    const { initialised, ask, deliver, message } = setup()
    await initialised()
    const first = await ask('GET_CHAIN_ID', {})
    const second = await ask('GET_CHAIN_ID', {})
    deliver(message('SUCCESS', { chainId: 1 }, first.id))
    await settle()
    deliver(message('ERROR', { message: 'again' }, first.id))
    deliver(message('SUCCESS', { chainId: 2 }, first.id))
    await settle()
    expect(first.outcome).toMatchObject({ status: 'resolved', value: { chainId: 1 } })
    expect(second.outcome.status).toBe('pending')
    deliver(message('SUCCESS', { chainId: 3 }, second.id))
    await settle()
    expect(second.outcome).toMatchObject({ status: 'resolved', value: { chainId: 3 } })
  })

  it('a reply whose payload is not of its request’s shape rejects with "An error occurred" (SPEC §8 default frame error)', async () => {
    const { initialised, ask, deliver, message } = setup()
    await initialised()
    const email = await ask('CONNECT_EMAIL', { email: EMAIL })
    const user = await ask('GET_USER', { chainId: 1, preferredAccountType: 'eoa' })
    deliver(message('SUCCESS', { action: 'VERIFY_SOMETHING_ELSE' }, email.id))
    deliver(message('SUCCESS', { address: '0xabc' }, user.id))
    await settle()
    for (const { outcome } of [email, user]) {
      expect(outcome.status).toBe('rejected')
      expect(outcome.error).toBeInstanceOf(FrameError)
      expect((outcome.error as FrameError).message).toBe('An error occurred')
      expect((outcome.error as FrameError).failure).toBeNull()
    }
  })

  it('an ERROR reply rejects with the frame’s message and keeps its RPC code and data; an empty message reads "An error occurred"', async () => {
    const { initialised, ask, deliver, message } = setup()
    await initialised()
    const rejected = await ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x00'] })
    const empty = await ask('SIGN_OUT', {})
    deliver(message('ERROR', { message: 'User rejected the request.', code: 4001, data: { reason: 'declined' } }, rejected.id))
    deliver(message('ERROR', { message: '' }, empty.id))
    await settle()
    const error = rejected.outcome.error as FrameError
    expect(error).toBeInstanceOf(FrameError)
    expect(error.message).toBe('User rejected the request.')
    expect(error.code).toBe(4001)
    expect(error.data).toEqual({ reason: 'declined' })
    expect((empty.outcome.error as FrameError).message).toBe(FRAME_DEFAULT_ERROR)
  })

  it('CONNECT_EMAIL, CONNECT_OTP and CONNECT_SOCIAL unanswered for 30 s: "Embedded Wallet Request Timed Out", iframe_request_timeout (SPEC §8, §9)', async () => {
    const { initialised, ask, advance, deliver, message } = setup()
    await initialised()
    const asked = [
      await ask('CONNECT_EMAIL', { email: EMAIL }),
      await ask('CONNECT_OTP', { otp: '123456' as never }),
      await ask('CONNECT_SOCIAL', { uri: 'https://frame.example/cb', preferredAccountType: 'eoa', chainId: 1 }),
    ]
    await advance(FRAME_REQUEST_TIMEOUT_MS - 1)
    for (const { outcome } of asked) expect(outcome.status).toBe('pending')
    await advance(1)
    for (const { outcome } of asked) {
      expect(outcome.status).toBe('rejected')
      expect((outcome.error as FrameError).message).toBe('Embedded Wallet Request Timed Out')
      expect((outcome.error as FrameError).message).toBe(FRAME_REQUEST_TIMED_OUT_MESSAGE)
      expect((outcome.error as FrameError).failure).toBe('iframe_request_timeout')
    }
    // A reply after the time-out finds nothing waiting.
    deliver(message('SUCCESS', { action: 'VERIFY_OTP' }, asked[0]!.id))
    await settle()
    expect((asked[0]!.outcome.error as FrameError).failure).toBe('iframe_request_timeout')
  })

  it("the social sign-in's own requests (the provider URL, the Farcaster link) time out after 30 s too, not leaving the view loading", async () => {
    const { initialised, ask, advance } = setup()
    await initialised()
    const asked = [await ask('GET_SOCIAL_REDIRECT_URI', { provider: 'google', returnTo: 'https://shop.example/' }), await ask('GET_FARCASTER_URI', {})]
    await advance(FRAME_REQUEST_TIMEOUT_MS - 1)
    for (const { outcome } of asked) expect(outcome.status).toBe('pending')
    await advance(1)
    for (const { outcome } of asked) expect((outcome.error as FrameError).failure).toBe('iframe_request_timeout')
  })

  it('a timed request answered in time is not failed later by its timer', async () => {
    const { initialised, ask, advance, deliver, message } = setup()
    await initialised()
    const { outcome, id } = await ask('CONNECT_OTP', { otp: '123456' as never })
    await advance(FRAME_REQUEST_TIMEOUT_MS - 1)
    deliver(message('SUCCESS', {}, id))
    await advance(FRAME_REQUEST_TIMEOUT_MS)
    expect(outcome).toMatchObject({ status: 'resolved', value: {} })
  })

  it('other requests have no time-out: device approval, RPC, user, sign-out wait for the visitor or the chain', async () => {
    const { initialised, ask, advance, deliver, message } = setup()
    await initialised()
    const device = await ask('CONNECT_DEVICE', {})
    const rpc = await ask('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{}] })
    const user = await ask('GET_USER', { chainId: 1, preferredAccountType: 'eoa' })
    const farcaster = await ask('CONNECT_FARCASTER', {})
    await advance(10 * 60_000)
    for (const { outcome } of [device, rpc, user, farcaster]) expect(outcome.status).toBe('pending')
    deliver(message('SUCCESS', { result: '0xhash' }, rpc.id))
    await settle()
    expect(rpc.outcome).toMatchObject({ status: 'resolved', value: { result: '0xhash' } })
  })

  it('destroy aborts every request waiting (SPEC §8: "Request was aborted" for RPC, "Something went wrong" otherwise), removes the frame and stops listening', async () => {
    const { host, initialised, ask, deliver, message, frame, page, statuses } = setup()
    await initialised()
    const waiting = [
      await ask('RPC_REQUEST', { method: 'personal_sign' }),
      await ask('CONNECT_EMAIL', { email: EMAIL }),
      await ask('GET_USER', { chainId: 1, preferredAccountType: 'eoa' }),
    ]
    const iframe = frame()
    host.destroy()
    await settle()
    expect(waiting.map(({ outcome }) => [outcome.status, (outcome.error as FrameError).message])).toEqual([
      ['rejected', 'Request was aborted'],
      ['rejected', 'Something went wrong'],
      ['rejected', 'Something went wrong'],
    ])
    for (const { outcome } of waiting) expect(outcome.error).toBeInstanceOf(FrameError)
    expect(iframe.removed).toBe(true)
    expect(page.listeners.size).toBe(0)
    expect(statuses[statuses.length - 1]).toBe('notLoaded')
    // A late reply reaches nobody.
    expect(() => deliver(message('SUCCESS', { result: 1 }, waiting[0]!.id), { source: null })).not.toThrow()
  })

  it('destroy while the frame is loading ends the start, and the request waiting on it, instead of leaving them pending forever', async () => {
    const { host, advance } = setup()
    const started = track(host.start())
    const request = track(host.request('GET_CHAIN_ID', {}))
    host.destroy()
    await advance(FRAME_READY_WAIT_MS * 2)
    expect(started.status).toBe('rejected')
    expect(request.status).toBe('rejected')
    // Never sent: the start it waited on was aborted (SPEC §8 "Something went wrong").
    expect((request.error as FrameError).message).toBe('Something went wrong')
    expect(host.status$.value).toBe('notLoaded')
  })

  it('the frame’s document replaced by a page script (navigated away): every request waiting fails at once, the frame is dropped, the next request attaches a fresh one (issue 27 §3)', async () => {
    const { host, initialised, ask, frame, page, ready, advance, deliver, message } = setup()
    await initialised()
    const first = frame()
    for (const listener of first.loadListeners) listener()
    const waiting = [await ask('RPC_REQUEST', { method: 'personal_sign' }), await ask('GET_USER', { chainId: 1, preferredAccountType: 'eoa' })]
    for (const listener of first.loadListeners) listener()
    await settle()
    for (const { outcome } of waiting) {
      expect(outcome.status).toBe('rejected')
      expect(outcome.error).toMatchObject({ message: FRAME_LOAD_FAILED_MESSAGE, failure: 'iframe_load_failed', details: FRAME_REPLACED_DETAILS })
    }
    expect(host.status$.value).toBe('failed')
    expect(first.removed).toBe(true)
    // A late answer of the old document changes nothing.
    expect(() => deliver(message('SUCCESS', { result: '0xlate' }, waiting[0]!.id), { source: null })).not.toThrow()
    const again = track(host.start())
    expect(page.body).toHaveLength(2)
    ready()
    await advance(FRAME_READY_DELAY_MS)
    expect(again.status).toBe('resolved')
  })

  it('after RELOAD, the first document’s LOADING does not cover the new one: silent for 3 s, it is lost; saying LOADING, it is waited for', async () => {
    for (const says of [false, true]) {
      const { host, ask, load, advance, ready, deliver, message } = setup()
      const started = host.start()
      deliver(message('LOADING', {}))
      load()
      ready()
      await advance(FRAME_READY_DELAY_MS)
      await started
      const reload = await ask('RELOAD', {})
      deliver(message('SUCCESS', {}, reload.id))
      if (says) deliver(message('LOADING', {}))
      load()
      const next = track(host.request('GET_CHAIN_ID', {}))
      await advance(FRAME_SILENT_LOAD_MS)
      expect(next.status, `the new document ${says ? 'said' : 'did not say'} LOADING`).toBe(says ? 'pending' : 'rejected')
      if (says) {
        ready()
        await advance(FRAME_READY_DELAY_MS)
        expect(host.status$.value).toBe('initialised')
      }
    }
  })

  it('after RELOAD, the frame’s new document: requests wait for its READY, then go to it; silent for 3 s, it is lost', async () => {
    const { host, initialised, ask, frame, advance, ready, deliver, message, posted } = setup()
    await initialised()
    for (const listener of frame().loadListeners) listener()
    const reload = await ask('RELOAD', {})
    deliver(message('SUCCESS', {}, reload.id))
    for (const listener of frame().loadListeners) listener()
    await settle()
    expect(host.status$.value).toBe('loading')
    const before = posted().length
    const next = track(host.request('GET_CHAIN_ID', {}))
    await advance(FRAME_SILENT_LOAD_MS - 1)
    expect(posted()).toHaveLength(before)
    ready()
    await advance(FRAME_READY_DELAY_MS)
    expect(posted()).toHaveLength(before + 1)
    deliver(message('SUCCESS', { chainId: 1 }, posted()[before]!.message.id))
    await settle()
    expect(next).toMatchObject({ status: 'resolved', value: { chainId: 1 } })
  })
})

describe('the embedded port over the frame host (src/embedded/port.ts failures$)', () => {
  const STATE_OPTIONS = { projectId: 'p1', networks: [polygon, ethereum], apiUrls: { secureSite: FRAME_ORIGIN } }

  // The port loads its working parts (./live) on first use: loaded here first, so a test's own
  // turns of the event loop are enough for the port's import to resolve.
  beforeAll(async () => {
    await import('./live')
  })

  function portSetup(options: Record<string, unknown> = STATE_OPTIONS, withWindow = true) {
    const page = fakeWindow()
    const scheduler = new VirtualTimeScheduler()
    const kernel = createKernel({
      modules: coreModules,
      deps: defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined, scheduler, logger: { warn() {}, error() {} } }),
    })
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions(options as never).options }))
    const port = createEmbeddedWalletPort({
      getState: kernel.getState,
      window: withWindow ? page.win : undefined,
      scheduler,
    })
    const failures: FrameFailure[] = []
    port.failures$.subscribe((failure) => failures.push(failure))
    const advance = async (ms: number) => {
      const to = scheduler.frame + ms
      scheduler.maxFrames = to
      scheduler.flush()
      scheduler.frame = to
      await settle()
    }
    return { port, page, failures, advance }
  }

  it('loads the frame from apiUrls.secureSite with the project id and the active eip155 chain (SPEC §7 query)', async () => {
    const { port, page } = portSetup()
    void port.start()
    await settle()
    const url = new URL(page.body[0]!.src)
    expect(url.origin).toBe(FRAME_ORIGIN)
    expect(url.searchParams.get('projectId')).toBe('p1')
    expect(url.searchParams.get('chainId')).toBe(String(polygon.id))
  })

  it('a frame that never becomes ready is told on failures$ once, and the caller gets the same error (SPEC §8 iframe_load_failed)', async () => {
    const { port, failures, advance } = portSetup()
    const started = track(port.start())
    // The port makes its host on the first call's next turn: its 20 s count from then.
    await settle()
    await advance(FRAME_READY_WAIT_MS)
    expect(started.status).toBe('rejected')
    expect((started.error as FrameError).message).toBe(FRAME_LOAD_FAILED_MESSAGE)
    expect(failures).toEqual([{ failure: 'iframe_load_failed', message: 'iframe_load_failed' }])
  })

  it('a request time-out is told on failures$; an ERROR the frame answered is not a failure of the frame', async () => {
    const { port, page, failures, advance } = portSetup()
    void port.start()
    await settle()
    const frameWindow = page.body[0]!.contentWindow!
    const deliver = (data: unknown) => {
      for (const listener of page.listeners) listener({ data, origin: FRAME_ORIGIN, source: frameWindow } as unknown as MessageEvent)
    }
    deliver({ channel: FRAME_CHANNEL, id: randomUUID(), type: 'READY', payload: { version: '0.1.0', namespaces: ['eip155'] } })
    await advance(FRAME_READY_DELAY_MS)
    const refused = track(port.request('RPC_REQUEST', { method: 'personal_sign' }))
    const timed = track(port.request('CONNECT_EMAIL', { email: EMAIL }))
    await settle()
    deliver({ channel: FRAME_CHANNEL, id: frameWindow.posted[0]!.message.id, type: 'ERROR', payload: { message: 'User rejected the request.', code: 4001 } })
    await advance(FRAME_REQUEST_TIMEOUT_MS)
    expect(refused.status).toBe('rejected')
    expect(timed.status).toBe('rejected')
    expect(failures).toEqual([{ failure: 'iframe_request_timeout', message: 'iframe_request_timeout' }])
  })

  it('without a window, or without a project id, every call fails as a frame that never loaded, and says why', async () => {
    const noWindow = portSetup(STATE_OPTIONS, false)
    await expect(noWindow.port.request('GET_CHAIN_ID', {})).rejects.toMatchObject({ message: FRAME_LOAD_FAILED_MESSAGE, failure: 'iframe_load_failed' })
    expect(noWindow.failures).toEqual([{ failure: 'iframe_load_failed', message: 'No window' }])
    const noProject = portSetup({ ...STATE_OPTIONS, projectId: '' })
    await expect(noProject.port.start()).rejects.toMatchObject({ message: FRAME_LOAD_FAILED_MESSAGE })
    expect(noProject.failures).toEqual([{ failure: 'iframe_load_failed', message: 'No project id' }])
    expect(noProject.page.body).toHaveLength(0)
  })
})

describe('the frame host: the frame’s own approval view (issue 23, DESIGN "The secure frame decides")', () => {
  it('follows the view of a request it sent; a request it did not send is hidden and cancelled at once; another window is not heard', async () => {
    const { host, initialised, ask, deliver, message, posted } = setup()
    await initialised()
    const { id } = await ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x01'] })
    deliver(message('APPROVAL_VIEW', { requestId: id, height: 300 }))
    expect(host.view$.value).toEqual({ requestId: id, height: 300 })

    const stranger = randomUUID()
    deliver(message('APPROVAL_VIEW', { requestId: stranger, height: 300 }))
    await settle()
    expect(host.view$.value).toEqual({ requestId: null, height: 0 })
    expect(posted()[posted().length - 1]!.message).toMatchObject({ type: 'CANCEL_APPROVAL', payload: { requestId: stranger } })

    deliver(message('APPROVAL_VIEW', { requestId: id, height: 10 }), { source: {} })
    expect(host.view$.value).toEqual({ requestId: null, height: 0 })

    const before = posted().length
    host.cancelApprovals()
    await settle()
    expect(posted()).toHaveLength(before + 1)
    expect(posted()[before]!.message).toMatchObject({ type: 'CANCEL_APPROVAL', payload: {} })
  })
})
