/**
 * The analytics sender's rules (issue 24 §3 "Analytics the site owns"): batches of 20 by fetch
 * (keepalive, no credentials, text/plain), the rest every 10 s; everything by sendBeacon when the
 * page is hidden or left; a bounded queue that drops the oldest; a batch dropped, never retried,
 * when offline or when its send fails; no address unless the site opts in, and then only a
 * SHA-256 of the CAIP-10 id and the project id. The page is a stand-in window (EventTargets, a
 * navigator that records beacons), time is virtual.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createHash } from 'node:crypto'
import type { PublicEvent } from '../../ports/instance'
import { startAnalyticsSender } from './sender'
import { sanitizePayload } from './sanitize'

const URL_ = 'https://airlock.shop.example/'
const ENDPOINT = 'https://airlock.shop.example/v1/analytics/events?projectId=p%201'
const ADDRESS = 'eip155:1:0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'

type Sent = { how: 'beacon' | 'fetch'; url: string; init?: RequestInit; body: Blob }

function page({ online = true, fetchFails = false, beacon = true } = {}) {
  const sent: Sent[] = []
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
  const navigator = {
    onLine: online,
    ...(beacon && {
      sendBeacon: (url: string, body: Blob) => {
        sent.push({ how: 'beacon', url, body })
        return true
      },
    }),
  }
  const win = Object.assign(new EventTarget(), { document, navigator }) as unknown as Window
  const fetch = ((url: string, init: RequestInit) => {
    sent.push({ how: 'fetch', url, init, body: init.body as Blob })
    return fetchFails ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response(null, { status: 204 }))
  }) as typeof globalThis.fetch
  const scheduler = new VirtualTimeScheduler()
  const listeners = new Set<(event: PublicEvent) => void>()
  const subscribe = (listener: (event: PublicEvent) => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  const emit = (type: string, payload: unknown = {}, timestamp = 1_700_000_000_000) => listeners.forEach((l) => l({ type, payload, timestamp } as PublicEvent))
  const hide = () => {
    document.visibilityState = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
  }
  /** Advance virtual time by `ms`. */
  let now = 0
  const wait = (ms: number) => {
    now += ms
    scheduler.maxFrames = now
    scheduler.flush()
  }
  const bodies = async () =>
    Promise.all(sent.map(async (s) => JSON.parse(await s.body.text()) as { events: { type: string; at: number; payload: Record<string, unknown> }[] }))
  return { win, fetch, scheduler, subscribe, emit, hide, wait, sent, bodies, navigator, listeners }
}

const start = (p: ReturnType<typeof page>, options: { includeAddresses?: boolean } = {}, early: PublicEvent[] = []) =>
  startAnalyticsSender({ url: URL_, projectId: 'p 1', ...options }, p.subscribe, { window: p.win, fetch: p.fetch, scheduler: p.scheduler }, early)

describe('the analytics sender', () => {
  it('sends a full batch of 20 at once by fetch: POST, keepalive, no credentials, text/plain JSON { events: [{ type, at, payload }] }', async () => {
    const p = page()
    start(p)
    for (let i = 0; i < 19; i++) p.emit('MODAL_OPEN', { connected: false }, 1000 + i)
    expect(p.sent).toEqual([])
    p.emit('MODAL_CLOSE', { connected: false }, 2000)
    expect(p.sent).toHaveLength(1)
    const [sent] = p.sent
    expect([sent?.how, sent?.url, sent?.init?.method, sent?.init?.keepalive, sent?.init?.credentials]).toEqual(['fetch', ENDPOINT, 'POST', true, 'omit'])
    expect(sent?.body.type).toBe('text/plain;charset=utf-8')
    const [body] = await p.bodies()
    expect(body?.events).toHaveLength(20)
    expect(body?.events[0]).toEqual({ type: 'MODAL_OPEN', at: 1000, payload: { connected: false } })
    expect(body?.events[19]).toEqual({ type: 'MODAL_CLOSE', at: 2000, payload: { connected: false } })
  })

  it('sends what is queued every 10 s, and nothing when nothing is queued', async () => {
    const p = page()
    start(p)
    p.emit('MODAL_OPEN', { connected: false })
    p.wait(9_999)
    expect(p.sent).toEqual([])
    p.wait(1)
    expect(p.sent.map((s) => s.how)).toEqual(['fetch'])
    p.wait(30_000)
    expect(p.sent).toHaveLength(1)
  })

  it('sends everything queued by sendBeacon, in batches of 20, when the page is hidden or left', async () => {
    const p = page()
    start(p)
    for (let i = 0; i < 15; i++) p.emit('SELECT_WALLET', { name: 'MetaMask', platform: 'browser' })
    p.hide()
    expect(p.sent.map((s) => [s.how, s.url])).toEqual([['beacon', ENDPOINT]])
    expect((await p.bodies())[0]?.events).toHaveLength(15)
    // pagehide (a bfcache navigation, a closed tab), 45 events pending: three beacons.
    for (let i = 0; i < 19; i++) p.emit('SELECT_WALLET', { name: 'Rabby', platform: 'browser' })
    p.win.dispatchEvent(new Event('pagehide'))
    expect(p.sent.map((s) => s.how)).toEqual(['beacon', 'beacon'])
    expect(p.sent[1]?.body.type).toBe('text/plain;charset=utf-8')
  })

  it('keeps at most 200 events: the oldest are dropped', async () => {
    const p = page()
    // Batches of 1000 would never fill: the queue's bound is what holds.
    startAnalyticsSender({ url: URL_, projectId: 'p 1', batchSize: 1000 }, p.subscribe, { window: p.win, fetch: p.fetch, scheduler: p.scheduler })
    for (let i = 0; i < 250; i++) p.emit('MODAL_OPEN', { connected: false }, i)
    p.win.dispatchEvent(new Event('pagehide'))
    const events = (await p.bodies()).flatMap((b) => b.events)
    expect(events).toHaveLength(200)
    expect(events[0]?.at).toBe(50)
    expect(events[199]?.at).toBe(249)
  })

  it('drops the queue rather than send while offline, and sends again once online; a failed send is not retried', async () => {
    const p = page({ online: false })
    start(p)
    for (let i = 0; i < 25; i++) p.emit('MODAL_OPEN', { connected: false })
    p.hide()
    p.wait(60_000)
    expect(p.sent).toEqual([])
    p.navigator.onLine = true
    p.emit('MODAL_CLOSE', { connected: false })
    p.wait(10_000)
    expect((await p.bodies()).map((b) => b.events.map((e) => e.type))).toEqual([['MODAL_CLOSE']])

    const failing = page({ fetchFails: true })
    start(failing)
    for (let i = 0; i < 20; i++) failing.emit('MODAL_OPEN', { connected: false })
    await Promise.resolve()
    failing.wait(60_000)
    failing.win.dispatchEvent(new Event('pagehide'))
    expect(failing.sent).toHaveLength(1)
  })

  it('sends no address, hash, signature or nested object by default; with includeAddresses, only SHA-256(lower-case CAIP-10 + project id) as addressHash', async () => {
    const connect = {
      method: 'browser',
      name: 'MetaMask',
      namespace: 'eip155',
      connectorId: 'io.metamask',
      caipAddress: ADDRESS,
      wallet: { id: 'x', name: 'MetaMask', image_url: 'https://x' },
    }
    const swap = {
      caipNetworkId: 'eip155:1',
      fromToken: 'ETH',
      toToken: 'USDC',
      fromAddress: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      fromAmount: '1',
      hash: `0x${'ab'.repeat(32)}`,
    }
    const send = {
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      token: 'SOL',
      receiver: '7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm6y1Q',
      amount: '2',
    }
    const signed = { address: '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01', note: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', signature: '0x1234' }

    const plain = page()
    start(plain)
    plain.emit('CONNECT_SUCCESS', connect)
    plain.emit('SWAP_SUCCESS', swap)
    plain.emit('SEND_SUCCESS', send)
    plain.emit('EXAMPLE_MESSAGE_SIGNED', signed)
    plain.hide()
    const [body] = await plain.bodies()
    expect(body?.events.map((e) => e.payload)).toEqual([
      { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' },
      { caipNetworkId: 'eip155:1', fromToken: 'ETH', toToken: 'USDC', fromAmount: '1' },
      { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', token: 'SOL', amount: '2' },
      {},
    ])
    expect(JSON.stringify(body)).not.toMatch(/0x[0-9a-f]{40}|abcdef/i)

    const opted = page()
    start(opted, { includeAddresses: true })
    opted.emit('CONNECT_SUCCESS', connect)
    // The hash is WebCrypto's, asynchronous: the event is queued once it is done, which a busy
    // machine takes longer than an idle one for. Hide the page until the batch leaves.
    let [hashed] = await opted.bodies()
    for (let tries = 0; hashed === undefined && tries < 1_000; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      opted.hide()
      ;[hashed] = await opted.bodies()
    }
    const expected = createHash('sha256').update(`${ADDRESS.toLowerCase()}p 1`).digest('hex')
    expect(hashed?.events[0]?.payload).toEqual({ method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask', addressHash: expected })
    expect(JSON.stringify(hashed)).not.toContain(ADDRESS.slice(9).toLowerCase())
  })

  it('sends the events seen before it loaded first; stop() sends what is queued and stops listening', async () => {
    const p = page()
    const stop = start(p, {}, [{ type: 'MODAL_OPEN', payload: { connected: false }, timestamp: 5 }])
    p.emit('MODAL_CLOSE', { connected: false }, 6)
    stop()
    expect(p.listeners.size).toBe(0)
    expect((await p.bodies())[0]?.events.map((e) => [e.type, e.at])).toEqual([
      ['MODAL_OPEN', 5],
      ['MODAL_CLOSE', 6],
    ])
    p.hide()
    p.wait(60_000)
    expect(p.sent).toHaveLength(1)
  })

  it('keeps short plain values only (sanitizePayload)', () => {
    expect(sanitizePayload({ a: 'x'.repeat(201), b: 1, c: Infinity, d: null, e: [1], f: true, g: undefined })).toEqual({
      payload: { b: 1, d: null, f: true },
      caipAddress: undefined,
    })
    expect(sanitizePayload('not an object')).toEqual({ payload: {}, caipAddress: undefined })
  })
})
