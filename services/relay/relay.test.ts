/**
 * The local relay spoken to over raw WebSockets: authentication at the upgrade, the JSON-RPC
 * methods, mailbox delivery to a late subscriber, no echo to the publisher, and clear errors for
 * messages that fail decoding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateKeyPairSync, sign } from 'node:crypto'
import WebSocket from 'ws'
import { startRelay } from './relay.mjs'
import { base58Decode, didKeyPublicKey, verifyClientToken } from './auth.mjs'
import { encodeBase58 } from '../../tests/support/base58'

/** A client key and the JWT the relay protocol asks for (`iss` = did:key of the key). */
function clientToken(options: { iat?: number; exp?: number; tamper?: boolean } = {}) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  const did = `did:key:z${encodeBase58(Uint8Array.from([0xed, 0x01, ...raw]))}`
  const now = Math.floor(Date.now() / 1000)
  const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url')
  const payload = Buffer.from(JSON.stringify({ iss: did, sub: 'x', aud: 'ws://127.0.0.1', iat: options.iat ?? now, exp: options.exp ?? now + 3600 })).toString(
    'base64url',
  )
  const signature = sign(null, Buffer.from(`${header}.${payload}`), privateKey)
  if (options.tamper) signature[0] = (signature[0] ?? 0) ^ 1
  return { did, token: `${header}.${payload}.${signature.toString('base64url')}` }
}

interface Client {
  readonly socket: WebSocket
  readonly inbox: Record<string, unknown>[]
  call(method: string, params: unknown): Promise<Record<string, unknown>>
  raw(text: string): Promise<Record<string, unknown>>
  next(match: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
  close(): void
}

let relay: Awaited<ReturnType<typeof startRelay>>
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(() => relay?.close())

const topic = (n: number) => n.toString(16).padStart(64, '0')

async function connect(token = clientToken().token, autoAck = true): Promise<Client> {
  const socket = new WebSocket(`${relay.url}/?auth=${token}`)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const inbox: Record<string, unknown>[] = []
  const waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = []
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>
    inbox.push(message)
    if (autoAck && message.method === 'irn_subscription') socket.send(JSON.stringify({ id: message.id, jsonrpc: '2.0', result: true }))
    for (const w of waiters.splice(0)) {
      if (w.match(message)) w.resolve(message)
      else waiters.push(w)
    }
  })
  let id = 1
  const next = (match: (m: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const found = inbox.find(match)
      if (found) return resolve(found)
      waiters.push({ match, resolve })
      setTimeout(() => reject(new Error('no such message within 5 s')), 5000)
    })
  return {
    socket,
    inbox,
    next,
    call(method, params) {
      const callId = id++
      socket.send(JSON.stringify({ id: callId, jsonrpc: '2.0', method, params }))
      return next((m) => m.id === callId)
    },
    raw(text) {
      const before = inbox.length
      socket.send(text)
      return next((m) => inbox.indexOf(m) >= before && m.method === undefined)
    },
    close: () => socket.close(),
  }
}

const deliveries = (c: Client, t: string) =>
  c.inbox
    .filter((m) => m.method === 'irn_subscription' && (m.params as { data: { topic: string } }).data.topic === t)
    .map((m) => (m.params as { data: { message: string } }).data.message)

const settle = () => new Promise((r) => setTimeout(r, 100))

describe('the relay', () => {
  it('listens on loopback only', () => {
    expect(new URL(relay.url).hostname).toBe('127.0.0.1')
  })

  it('refuses a socket without a valid did:key JWT at the upgrade with 401', async () => {
    const statusOf = (url: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url)
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        socket.once('open', () => resolve(101))
        socket.once('error', () => undefined)
      })
    expect(await statusOf(relay.url)).toBe(401)
    expect(await statusOf(`${relay.url}/?auth=not.a.jwt`)).toBe(401)
    expect(await statusOf(`${relay.url}/?auth=${clientToken({ tamper: true }).token}`)).toBe(401)
    expect(await statusOf(`${relay.url}/?auth=${clientToken({ exp: Math.floor(Date.now() / 1000) - 10 }).token}`)).toBe(401)
    expect(await statusOf(`${relay.url}/?auth=${clientToken().token}`)).toBe(101)
  })

  it('delivers a publication to subscribers but never echoes it to the publisher', async () => {
    const [a, b] = await Promise.all([connect(), connect()])
    const t = topic(1)
    expect((await a.call('irn_subscribe', { topic: t })).result).toMatch(/^[0-9a-f]{64}$/)
    expect((await b.call('irn_subscribe', { topic: t })).result).toMatch(/^[0-9a-f]{64}$/)
    expect((await a.call('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1100 })).result).toBe(true)
    await b.next((m) => m.method === 'irn_subscription')
    await settle()
    expect(deliveries(b, t)).toEqual(['hello'])
    expect(deliveries(a, t)).toEqual([])
    a.close()
    b.close()
  })

  it('keeps messages in a mailbox for a subscriber that comes later, and for irn_batchFetchMessages', async () => {
    const a = await connect()
    const t1 = topic(2)
    const t2 = topic(3)
    await a.call('irn_batchPublish', {
      messages: [
        { topic: t1, message: 'first', ttl: 300, tag: 1 },
        { topic: t2, message: 'second', ttl: 300, tag: 1 },
      ],
    })
    const late = await connect()
    await late.call('irn_subscribe', { topic: t1 })
    await late.next((m) => m.method === 'irn_subscription')
    expect(deliveries(late, t1)).toEqual(['first'])
    const fetched = await late.call('irn_batchFetchMessages', { topics: [t2] })
    expect(fetched.result).toMatchObject({ messages: [{ topic: t2, message: 'second' }], hasMore: false })
    // Fetched or acknowledged, a message is not handed to the same client again.
    expect((await late.call('irn_batchFetchMessages', { topics: [t1, t2] })).result).toMatchObject({ messages: [] })
    a.close()
    late.close()
  })

  it('redelivers what a client did not acknowledge when it subscribes again', async () => {
    const a = await connect()
    const { token } = clientToken()
    const forgetful = await connect(token, false)
    const t = topic(4)
    await forgetful.call('irn_subscribe', { topic: t })
    await a.call('irn_publish', { topic: t, message: 'keep me', ttl: 300, tag: 1 })
    await forgetful.next((m) => m.method === 'irn_subscription')
    forgetful.close()
    const again = await connect(token)
    await again.call('irn_subscribe', { topic: t })
    await again.next((m) => m.method === 'irn_subscription')
    expect(deliveries(again, t)).toEqual(['keep me'])
    a.close()
    again.close()
  })

  it('stops delivering after irn_unsubscribe and irn_batchUnsubscribe', async () => {
    const [a, b] = await Promise.all([connect(), connect()])
    await b.call('irn_batchSubscribe', { topics: [topic(5), topic(6)] })
    await b.call('irn_unsubscribe', { topic: topic(5), id: 'x' })
    await b.call('irn_batchUnsubscribe', { subscriptions: [{ topic: topic(6), id: 'y' }] })
    await a.call('irn_publish', { topic: topic(5), message: 'gone', ttl: 300, tag: 1 })
    await a.call('irn_publish', { topic: topic(6), message: 'gone', ttl: 300, tag: 1 })
    await settle()
    expect(deliveries(b, topic(5))).toEqual([])
    expect(deliveries(b, topic(6))).toEqual([])
    a.close()
    b.close()
  })

  it('answers messages that fail decoding with JSON-RPC errors and stays up', async () => {
    const a = await connect()
    expect(await a.raw('{not json')).toMatchObject({ id: null, error: { code: -32700 } })
    expect(await a.raw('[1,2]')).toMatchObject({ id: null, error: { code: -32600 } })
    expect(await a.raw(JSON.stringify({ jsonrpc: '2.0', method: 'irn_subscribe', params: {} }))).toMatchObject({ error: { code: -32600 } })
    expect(await a.call('irn_subscribe', { topic: 'not-hex' })).toMatchObject({ error: { code: -32602 } })
    expect(await a.call('irn_subscribe', {})).toMatchObject({ error: { code: -32602 } })
    expect(await a.call('irn_publish', { topic: topic(7), message: 42, ttl: 300 })).toMatchObject({ error: { code: -32602 } })
    expect(await a.call('irn_batchSubscribe', { topics: 'nope' })).toMatchObject({ error: { code: -32602 } })
    expect(
      await a.call('irn_batchPublish', {
        messages: [
          { topic: topic(7), message: 'ok', ttl: 300 },
          { topic: 'bad', message: 'x' },
        ],
      }),
    ).toMatchObject({ error: { code: -32602 } })
    expect(await a.call('eth_chainId', [])).toMatchObject({ error: { code: -32601 } })
    // A batch with one bad entry publishes none of it.
    const b = await connect()
    await b.call('irn_subscribe', { topic: topic(7) })
    await settle()
    expect(deliveries(b, topic(7))).toEqual([])
    // Still serving.
    expect((await a.call('irn_subscribe', { topic: topic(8) })).result).toMatch(/^[0-9a-f]{64}$/)
    a.close()
    b.close()
  })
})

describe('the relay auth helpers', () => {
  it('decodes base58btc and did:key ed25519 keys, and rejects other forms', () => {
    expect(base58Decode('0OIl')).toBeUndefined()
    expect([...(base58Decode('1112') ?? [])]).toEqual([0, 0, 0, 1])
    const { did } = clientToken()
    expect(didKeyPublicKey(did)?.length).toBe(32)
    expect(didKeyPublicKey('did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme')).toBeUndefined()
    expect(didKeyPublicKey(42)).toBeUndefined()
  })

  it('says why a token is refused', () => {
    const now = Date.now()
    expect(verifyClientToken(undefined, now)).toEqual({ error: 'missing auth token' })
    expect(verifyClientToken('a.b', now)).toEqual({ error: 'malformed auth token' })
    expect(verifyClientToken(clientToken({ tamper: true }).token, now)).toEqual({ error: 'bad token signature' })
    expect(verifyClientToken(clientToken({ iat: Math.floor(now / 1000) + 3600 }).token, now)).toEqual({ error: 'token issued in the future' })
    const good = clientToken()
    expect(verifyClientToken(good.token, now)).toEqual({ clientId: good.did })
  })
})
