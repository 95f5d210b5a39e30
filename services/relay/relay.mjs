// A local relay for development and tests: the relay JSON-RPC of the WalletConnect protocol over
// WebSocket, on 127.0.0.1 only. Production uses the WalletConnect network; this exists so the demo
// and the tests run with no vendor cloud.
//
// What it does:
// - irn_subscribe / irn_batchSubscribe, irn_unsubscribe / irn_batchUnsubscribe;
// - irn_publish / irn_batchPublish, delivered as irn_subscription to every other client
//   subscribed to the topic (never echoed to the publisher), kept in a mailbox until the ttl ends
//   so a client that subscribes later, or reconnects, still gets it;
// - irn_batchFetchMessages: what the mailbox holds for the asking client;
// - wc_proposeSession / wc_approveSession, the session-setup shortcuts the sign client uses:
//   subscribe the sender to the pairing (or session) topic and publish the payloads.
// A message counts as delivered to a client once that client answers the irn_subscription with
// `true`; until then it is sent again on the client's next subscribe or fetch.
//
// The mailbox is a plain object the caller may keep: `startRelay({ mailbox })` on a new instance
// carries the stored messages over a restart, as a relay with durable storage would.
import { createHash } from 'node:crypto'
import { WebSocketServer } from 'ws'
import { verifyClientToken } from './auth.mjs'

/** Largest frame accepted (a session request with a big transaction fits easily). */
export const MAX_FRAME_BYTES = 1024 * 1024
/** Longest ttl a message may ask for: 30 days, in seconds. */
export const MAX_TTL_SECONDS = 30 * 24 * 3600
/** Most topics in one batch call. */
export const MAX_BATCH = 500

const TOPIC = /^[0-9a-f]{64}$/

export const subscriptionId = (topic, clientId) =>
  createHash('sha256')
    .update(topic + clientId)
    .digest('hex')

/** Stored messages by topic. Each: { topic, message, publishedAt, expiresAt, tag, attestation, publisher, delivered: Set }. */
export function createMailbox() {
  return { topics: new Map() }
}

function sweep(mailbox, now) {
  for (const [topic, list] of mailbox.topics) {
    const alive = list.filter((m) => m.expiresAt > now)
    if (alive.length === 0) mailbox.topics.delete(topic)
    else if (alive.length !== list.length) mailbox.topics.set(topic, alive)
  }
}

class RpcError extends Error {
  constructor(code, message) {
    super(message)
    this.code = code
  }
}
const invalidParams = (message) => new RpcError(-32602, message)

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)

function topicParam(params, key = 'topic') {
  const topic = params[key]
  if (typeof topic !== 'string' || !TOPIC.test(topic)) throw invalidParams(`Invalid ${key}: expected 64 hex characters`)
  return topic
}

function topicsParam(params) {
  const topics = params.topics
  if (!Array.isArray(topics) || topics.length > MAX_BATCH) throw invalidParams(`Invalid topics: expected at most ${MAX_BATCH}`)
  return topics.map((topic) => topicParam({ topic }))
}

function messageParam(params, key = 'message') {
  const message = params[key]
  if (typeof message !== 'string' || message.length === 0) throw invalidParams(`Invalid ${key}: expected a non-empty string`)
  return message
}

function ttlParam(params) {
  const ttl = params.ttl ?? 300
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl <= 0 || ttl > MAX_TTL_SECONDS)
    throw invalidParams(`Invalid ttl: expected 1 to ${MAX_TTL_SECONDS} seconds`)
  return ttl
}

/**
 * ```js
 * const relay = await startRelay({ port: 0 })
 * relay.url // 'ws://127.0.0.1:41234'
 * await relay.close()
 * ```
 */
export async function startRelay({ port = 0, mailbox = createMailbox(), now = () => Date.now(), log = () => undefined } = {}) {
  /** clientId → Set of live sockets (a client may reconnect before its old socket is gone). */
  const sockets = new Map()
  /** topic → Set of clientIds subscribed. Subscriptions live with the client, not the socket. */
  const subscribers = new Map()
  let nextId = Date.now() * 1000

  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port,
    maxPayload: MAX_FRAME_BYTES,
    verifyClient: (info, done) => {
      const url = new URL(info.req.url ?? '/', 'ws://127.0.0.1')
      const result = verifyClientToken(url.searchParams.get('auth'), now())
      if (result.error) {
        log(`refused a client: ${result.error}`)
        return done(false, 401, 'Unauthorized')
      }
      info.req.clientId = result.clientId
      done(true)
    },
  })
  await new Promise((resolve, reject) => {
    wss.once('listening', resolve)
    wss.once('error', reject)
  })

  const send = (socket, payload) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload))
  }

  /** Send `stored` to every socket of `clientId`; it stays pending until one of them acks. */
  const deliver = (clientId, stored) => {
    for (const socket of sockets.get(clientId) ?? []) {
      const id = nextId++
      socket.pending.set(id, stored)
      send(socket, {
        id,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: {
          id: subscriptionId(stored.topic, clientId),
          data: {
            topic: stored.topic,
            message: stored.message,
            publishedAt: stored.publishedAt,
            tag: stored.tag,
            ...(stored.attestation ? { attestation: stored.attestation } : {}),
          },
        },
      })
    }
  }

  /** What the mailbox holds on `topic` that `clientId` has neither sent nor received. */
  const undelivered = (topic, clientId) => {
    sweep(mailbox, now())
    return (mailbox.topics.get(topic) ?? []).filter((m) => m.publisher !== clientId && !m.delivered.has(clientId))
  }

  const subscribe = (clientId, topic) => {
    let set = subscribers.get(topic)
    if (!set) subscribers.set(topic, (set = new Set()))
    set.add(clientId)
    // Mailbox delivery: what was published before this client listened.
    for (const stored of undelivered(topic, clientId)) deliver(clientId, stored)
    return subscriptionId(topic, clientId)
  }

  const publish = (publisher, params, topic, message) => {
    const publishedAt = now()
    const stored = {
      topic,
      message,
      publishedAt,
      expiresAt: publishedAt + ttlParam(params) * 1000,
      tag: typeof params.tag === 'number' ? params.tag : 0,
      attestation: typeof params.attestation === 'string' ? params.attestation : undefined,
      publisher,
      delivered: new Set(),
    }
    const list = mailbox.topics.get(topic) ?? []
    list.push(stored)
    mailbox.topics.set(topic, list)
    for (const clientId of subscribers.get(topic) ?? []) if (clientId !== publisher) deliver(clientId, stored)
    return true
  }

  const methods = {
    irn_subscribe: (clientId, params) => subscribe(clientId, topicParam(params)),
    irn_batchSubscribe: (clientId, params) => topicsParam(params).map((topic) => subscribe(clientId, topic)),
    irn_unsubscribe: (clientId, params) => {
      subscribers.get(topicParam(params))?.delete(clientId)
      return true
    },
    irn_batchUnsubscribe: (clientId, params) => {
      const list = params.subscriptions
      if (!Array.isArray(list) || list.length > MAX_BATCH) throw invalidParams('Invalid subscriptions')
      for (const entry of list) subscribers.get(topicParam(isObject(entry) ? entry : {}))?.delete(clientId)
      return true
    },
    irn_publish: (clientId, params) => publish(clientId, params, topicParam(params), messageParam(params)),
    irn_batchPublish: (clientId, params) => {
      const list = params.messages
      if (!Array.isArray(list) || list.length > MAX_BATCH) throw invalidParams('Invalid messages')
      const checked = list.map((entry) => {
        const p = isObject(entry) ? entry : {}
        return { p, topic: topicParam(p), message: messageParam(p) }
      })
      for (const { p, topic, message } of checked) publish(clientId, p, topic, message)
      return true
    },
    irn_batchFetchMessages: (clientId, params) => {
      const messages = topicsParam(params).flatMap((topic) => undelivered(topic, clientId))
      // Fetched counts as delivered: the client processes what it fetched.
      for (const m of messages) m.delivered.add(clientId)
      return {
        messages: messages.map((m) => ({
          topic: m.topic,
          message: m.message,
          publishedAt: m.publishedAt,
          tag: m.tag,
          ...(m.attestation ? { attestation: m.attestation } : {}),
        })),
        hasMore: false,
      }
    },
    wc_proposeSession: (clientId, params) => {
      const pairingTopic = topicParam(params, 'pairingTopic')
      const proposal = messageParam(params, 'sessionProposal')
      subscribe(clientId, pairingTopic)
      return publish(clientId, params, pairingTopic, proposal)
    },
    wc_approveSession: (clientId, params) => {
      const pairingTopic = topicParam(params, 'pairingTopic')
      const sessionTopic = topicParam(params, 'sessionTopic')
      const response = messageParam(params, 'sessionProposalResponse')
      const settlement = messageParam(params, 'sessionSettlementRequest')
      subscribe(clientId, sessionTopic)
      publish(clientId, params, pairingTopic, response)
      return publish(clientId, params, sessionTopic, settlement)
    },
  }

  const handle = (socket, clientId, raw) => {
    let payload
    try {
      payload = JSON.parse(raw)
    } catch {
      return send(socket, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })
    }
    if (!isObject(payload)) return send(socket, { id: null, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' } })
    const id = typeof payload.id === 'number' || typeof payload.id === 'string' ? payload.id : null
    // An answer to one of our irn_subscription requests: `true` acknowledges the delivery.
    if (payload.method === undefined && ('result' in payload || 'error' in payload)) {
      const stored = socket.pending.get(id)
      if (stored) {
        socket.pending.delete(id)
        if (payload.result === true) stored.delivered.add(clientId)
      }
      return undefined
    }
    if (typeof payload.method !== 'string' || id === null) return send(socket, { id, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' } })
    const method = Object.hasOwn(methods, payload.method) ? methods[payload.method] : undefined
    if (!method) return send(socket, { id, jsonrpc: '2.0', error: { code: -32601, message: `Method not found: ${payload.method.slice(0, 64)}` } })
    try {
      const result = method(clientId, isObject(payload.params) ? payload.params : {})
      send(socket, { id, jsonrpc: '2.0', result })
    } catch (error) {
      const code = error instanceof RpcError ? error.code : -32603
      send(socket, { id, jsonrpc: '2.0', error: { code, message: error instanceof RpcError ? error.message : 'Internal error' } })
      if (!(error instanceof RpcError)) log(`internal error: ${error}`)
    }
  }

  wss.on('connection', (socket, req) => {
    const clientId = req.clientId
    socket.pending = new Map()
    let set = sockets.get(clientId)
    if (!set) sockets.set(clientId, (set = new Set()))
    set.add(socket)
    socket.on('message', (data, isBinary) => {
      if (isBinary) return send(socket, { id: null, jsonrpc: '2.0', error: { code: -32600, message: 'Binary frames are not accepted' } })
      handle(socket, clientId, data.toString('utf8'))
    })
    socket.on('close', () => {
      set.delete(socket)
      if (set.size === 0) sockets.delete(clientId)
    })
    socket.on('error', () => undefined)
  })

  const address = wss.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    url: `ws://127.0.0.1:${actualPort}`,
    port: actualPort,
    mailbox,
    /** How many clients have a socket open. */
    clientCount: () => sockets.size,
    async close() {
      for (const client of wss.clients) client.terminate()
      await new Promise((resolve) => wss.close(() => resolve()))
    },
  }
}
