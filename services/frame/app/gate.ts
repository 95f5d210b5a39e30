/**
 * The frame's only door: every window message passes here before anything acts on it.
 *
 * - It listens to one window, its parent, at one origin, the one checked against the project's
 *   allowed origins at start. A message from any other window (a popup or sibling frame of the
 *   same origin) or from any other origin is dropped unread, with no answer: an answer would tell
 *   a stranger the frame is there.
 * - A message must be on the frame's channel with a fresh UUID id. An id seen before is dropped
 *   (a replayed request never runs twice); one with a valid envelope but an unknown type or a
 *   payload not of its type's shape answers SPEC §5's "Message payloads must match known event
 *   types".
 * - Each request gets exactly one reply, posted to the parent's origin only (never `'*'`):
 *   SUCCESS with a payload checked against the reply codec of its type first, and cut to the
 *   codec's own fields (what a handler returns by mistake beside them never leaves), or ERROR.
 */
import * as t from 'io-ts'
import { APP_REPLIES, AppMessage, FRAME_CHANNEL, MessageId, type AppEventType, type ErrorPayload } from '../../../src/embedded/protocol'
import { isRight } from '../../../src/kernel/either'
import { DEFAULT_ERROR, errorPayload } from './errors'

export const UNKNOWN_MESSAGE = 'Message payloads must match known event types'

const exactReplies = new Map<AppEventType, t.Decoder<unknown, unknown>>()

/** The reply codec of `type`, stripping fields it does not name (every reply is a `t.type`). */
function replyCodec(type: AppEventType): t.Decoder<unknown, unknown> {
  let codec = exactReplies.get(type)
  if (!codec) {
    const reply: t.Mixed = APP_REPLIES[type]
    codec = reply instanceof t.InterfaceType ? t.exact(reply as t.InterfaceType<t.Props>) : reply
    exactReplies.set(type, codec)
  }
  return codec
}

/** The parts of a MessageEvent the gate reads. */
export interface GateEvent {
  readonly source: unknown
  readonly origin: string
  readonly data: unknown
}

export type OutgoingMessage =
  | { readonly channel: typeof FRAME_CHANNEL; readonly id: string; readonly type: 'SUCCESS'; readonly payload: unknown }
  | { readonly channel: typeof FRAME_CHANNEL; readonly id: string; readonly type: 'ERROR'; readonly payload: ErrorPayload }

export interface MessageGateOptions {
  /** The only window whose messages are read (`window.parent`). */
  readonly parent: unknown
  /** Its origin, checked at start. */
  readonly parentOrigin: string
  /** Posts to the parent at `parentOrigin`. */
  readonly post: (message: OutgoingMessage) => void
  /** Answers a decoded request; what it throws becomes the ERROR reply. */
  readonly handle: (message: AppMessage) => Promise<unknown>
  readonly log?: (message: string, detail?: unknown) => void
}

/**
 * ```ts
 * const gate = createMessageGate({ parent: window.parent, parentOrigin, post, handle: frame.handle })
 * window.addEventListener('message', gate)
 * ```
 */
export function createMessageGate(options: MessageGateOptions): (event: GateEvent) => void {
  const { parent, parentOrigin, post, handle, log = () => {} } = options
  const seen = new Set<string>()

  const reply = (id: string, outcome: { ok: true; payload: unknown } | { ok: false; payload: ErrorPayload }) => {
    const message: OutgoingMessage = outcome.ok
      ? { channel: FRAME_CHANNEL, id, type: 'SUCCESS', payload: outcome.payload }
      : { channel: FRAME_CHANNEL, id, type: 'ERROR', payload: outcome.payload }
    try {
      post(message)
    } catch (error) {
      // An answer that cannot be cloned (an RPC error's data, say) still answers, without it.
      log('reply not posted', error)
      post({ channel: FRAME_CHANNEL, id, type: 'ERROR', payload: { message: DEFAULT_ERROR } })
    }
  }

  return (event) => {
    if (event.source !== parent || event.origin !== parentOrigin) return
    const data: unknown = event.data
    if (typeof data !== 'object' || data === null) return
    const { channel, id } = data as { channel?: unknown; id?: unknown }
    if (channel !== FRAME_CHANNEL || !MessageId.is(id)) return
    if (seen.has(id)) {
      log('replayed id dropped', id)
      return
    }
    seen.add(id)
    const decoded = AppMessage.decode(data)
    if (!isRight(decoded)) {
      reply(id, { ok: false, payload: { message: UNKNOWN_MESSAGE } })
      return
    }
    const request = decoded.right
    handle(request).then(
      (answer) => {
        const payload = replyCodec(request.type).decode(answer)
        if (isRight(payload)) reply(id, { ok: true, payload: payload.right })
        else {
          log(`the answer to ${request.type} is not of its shape`, answer)
          reply(id, { ok: false, payload: { message: DEFAULT_ERROR } })
        }
      },
      (error: unknown) => {
        log(`${request.type} failed`, error)
        reply(id, { ok: false, payload: errorPayload(error) })
      },
    )
  }
}
