/**
 * The frame's message gate (SPEC §5, §7; issue 14 §1): only the parent window at the parent's
 * origin is heard, a reused id never runs twice, an unknown type or payload is refused with SPEC's
 * words, and every request gets exactly one reply whose payload is of its type's shape.
 */
import { describe, expect, it } from 'vitest'
import { FRAME_CHANNEL, MessageId, type AppMessage } from '../../../src/embedded/protocol'
import { AuthError, DEFAULT_ERROR, FrameRequestError } from './errors'
import { createMessageGate, UNKNOWN_MESSAGE, type OutgoingMessage } from './gate'
import { randomId } from './randomId'
import { RpcError } from './rpcContext'

const PARENT_ORIGIN = 'https://shop.example'
const parent = { name: 'the parent window' }
const stranger = { name: 'a popup of the same origin' }

function setUp(handle: (message: AppMessage) => Promise<unknown> = async () => ({ chainId: 1 })) {
  const posted: OutgoingMessage[] = []
  const handled: AppMessage[] = []
  const gate = createMessageGate({
    parent,
    parentOrigin: PARENT_ORIGIN,
    post: (message) => posted.push(message),
    handle: (message) => {
      handled.push(message)
      return handle(message)
    },
  })
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { gate, posted, handled, settle }
}

const request = (type: string, payload: unknown = {}, id: string = crypto.randomUUID()) => ({ channel: FRAME_CHANNEL, id, type, payload })

describe('the message gate', () => {
  it('answers a request from the parent at its origin once, to its id', async () => {
    const { gate, posted, handled, settle } = setUp()
    const message = request('GET_CHAIN_ID')
    gate({ source: parent, origin: PARENT_ORIGIN, data: message })
    await settle()
    expect(handled.map((m) => m.type)).toEqual(['GET_CHAIN_ID'])
    expect(posted).toEqual([{ channel: FRAME_CHANNEL, id: message.id, type: 'SUCCESS', payload: { chainId: 1 } }])
  })

  it('drops, unanswered, what comes from another origin or another window of the right origin', async () => {
    const { gate, posted, handled, settle } = setUp()
    gate({ source: parent, origin: 'https://evil.example', data: request('GET_CHAIN_ID') })
    gate({ source: parent, origin: 'https://shop.example.evil.example', data: request('GET_CHAIN_ID') })
    gate({ source: stranger, origin: PARENT_ORIGIN, data: request('GET_CHAIN_ID') })
    gate({ source: null, origin: PARENT_ORIGIN, data: request('GET_CHAIN_ID') })
    await settle()
    expect(handled).toEqual([])
    expect(posted).toEqual([])
  })

  it('refuses a reused id: the request does not run again and gets no second reply', async () => {
    const { gate, posted, handled, settle } = setUp()
    const id = crypto.randomUUID()
    gate({ source: parent, origin: PARENT_ORIGIN, data: request('SWITCH_NETWORK', { chainId: 10 }, id) })
    await settle()
    gate({ source: parent, origin: PARENT_ORIGIN, data: request('SWITCH_NETWORK', { chainId: 137 }, id) })
    gate({ source: parent, origin: PARENT_ORIGIN, data: request('GET_CHAIN_ID', {}, id) })
    await settle()
    expect(handled).toHaveLength(1)
    expect(posted).toHaveLength(1)
  })

  it("answers an unknown type or a payload not of its type's shape with SPEC §5's message, without running it", async () => {
    const { gate, posted, handled, settle } = setUp()
    const unknown = request('EXPORT_PRIVATE_KEY')
    const badEmail = request('CONNECT_EMAIL', { email: 'not an email' })
    const badOtp = request('CONNECT_OTP', { otp: '12345' })
    for (const data of [unknown, badEmail, badOtp]) gate({ source: parent, origin: PARENT_ORIGIN, data })
    await settle()
    expect(handled).toEqual([])
    expect(posted).toEqual([unknown, badEmail, badOtp].map(({ id }) => ({ channel: FRAME_CHANNEL, id, type: 'ERROR', payload: { message: UNKNOWN_MESSAGE } })))
  })

  it('drops what is not an envelope of its channel with a UUID id, whatever it is', async () => {
    const { gate, posted, handled, settle } = setUp()
    const junk: unknown[] = [
      null,
      'GET_CHAIN_ID',
      42,
      [],
      { ...request('GET_CHAIN_ID'), channel: 'another-channel' },
      { ...request('GET_CHAIN_ID'), id: '1' },
      { ...request('GET_CHAIN_ID'), id: undefined },
      Object.create(null),
    ]
    for (const data of junk) gate({ source: parent, origin: PARENT_ORIGIN, data })
    await settle()
    expect(handled).toEqual([])
    expect(posted).toEqual([])
  })

  it("answers SPEC §8's default error when a handler's answer is not of its reply's shape", async () => {
    const { gate, posted, settle } = setUp(async () => ({ chainId: 1, privateKey: undefined, isConnected: 'yes' }))
    const message = request('IS_CONNECTED')
    gate({ source: parent, origin: PARENT_ORIGIN, data: message })
    await settle()
    expect(posted).toEqual([{ channel: FRAME_CHANNEL, id: message.id, type: 'ERROR', payload: { message: DEFAULT_ERROR } }])
  })

  it('sends only the fields of the reply codec', async () => {
    const { gate, posted, settle } = setUp(async () => ({ isConnected: true, token: 'a session token' }))
    const message = request('IS_CONNECTED')
    gate({ source: parent, origin: PARENT_ORIGIN, data: message })
    await settle()
    expect(posted).toEqual([{ channel: FRAME_CHANNEL, id: message.id, type: 'SUCCESS', payload: { isConnected: true } }])
  })

  it('passes the words and code of errors made to be shown, and hides any other', async () => {
    const errors = [
      new AuthError(429, 'Please try again after 12 seconds'),
      new RpcError(4001, 'User rejected the request', { why: 'no' }),
      new FrameRequestError('Not here', 4902),
      new TypeError('secret internal detail'),
    ]
    const { gate, posted, settle } = setUp(async () => {
      throw errors.shift()
    })
    const ids = [0, 1, 2, 3].map(() => crypto.randomUUID())
    for (const id of ids) gate({ source: parent, origin: PARENT_ORIGIN, data: request('GET_CHAIN_ID', {}, id) })
    await settle()
    expect(posted.map((m) => [m.id, m.type, m.payload])).toEqual([
      [ids[0], 'ERROR', { message: 'Please try again after 12 seconds' }],
      [ids[1], 'ERROR', { message: 'User rejected the request', code: 4001, data: { why: 'no' } }],
      [ids[2], 'ERROR', { message: 'Not here', code: 4902 }],
      [ids[3], 'ERROR', { message: DEFAULT_ERROR }],
    ])
  })

  it('still answers when a reply cannot be posted as it is', async () => {
    const posted: OutgoingMessage[] = []
    const gate = createMessageGate({
      parent,
      parentOrigin: PARENT_ORIGIN,
      post: (message) => {
        if (message.type === 'ERROR' && message.payload.data !== undefined) throw new DOMException('could not be cloned', 'DataCloneError')
        posted.push(message)
      },
      handle: async () => {
        throw new RpcError(-32603, 'Internal error', { clone: () => {} })
      },
    })
    const message = request('GET_CHAIN_ID')
    gate({ source: parent, origin: PARENT_ORIGIN, data: message })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(posted).toEqual([{ channel: FRAME_CHANNEL, id: message.id, type: 'ERROR', payload: { message: DEFAULT_ERROR } }])
  })
})

describe("the frame's own message ids", () => {
  it('are UUIDs the page accepts, also where crypto.randomUUID is missing (a frame in an http page)', () => {
    // Shadowed on the instance; deleting that brings the prototype's back.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      const ids = Array.from({ length: 200 }, randomId)
      expect(ids.every((id) => MessageId.is(id) && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true)
      expect(new Set(ids).size).toBe(ids.length)
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID
    }
    expect(MessageId.is(randomId())).toBe(true)
  })
})
