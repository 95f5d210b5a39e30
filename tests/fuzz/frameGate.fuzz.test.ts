/**
 * The secure frame's side of the frame messages (issue 27 §2 "every frame message both ways";
 * the codecs themselves are fuzzed in tests/property/frameProtocol.property.test.ts), through its
 * one door, `createMessageGate` (services/frame/app/gate.ts), with what other windows may post: any
 * value, messages near the envelope's shape, valid requests, valid requests mutated, replays, from
 * the parent or a stranger, at its origin or another. The rules: the gate never throws; a message
 * from another window or origin is never read and never answered; the handler sees only messages
 * AppMessage accepts, each id once; every reply goes to the request's id on the frame's channel,
 * exactly one per id the gate answered, and a valid envelope with a bad payload gets SPEC §5's
 * "Message payloads must match known event types".
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { randomUUID } from 'node:crypto'
import { APP_EVENTS, AppMessage, FRAME_CHANNEL, type AppEventType } from '../../src/embedded/protocol'
import { isRight } from '../../src/kernel/either'
import { createMessageGate, UNKNOWN_MESSAGE, type GateEvent, type OutgoingMessage } from '../../services/frame/app/gate'
import { arbitraryFor, refinements } from '../property/arbitraries'
import { runs } from '../property/settings'
import { hostile, mutated } from './hostile'

// The protocol's branded strings get generators by name (arbitraries.ts `refinements`).
Object.assign(refinements, {
  Email: fc.constantFrom('ada@example.com', 'b.c+d@mail.example.org'),
  Otp: fc.stringMatching(/^[0-9]{6}$/),
  MessageId: fc.uuid(),
})

const PARENT_ORIGIN = 'https://shop.example'
const TYPES = Object.keys(APP_EVENTS) as AppEventType[]

/** A valid request of some type, with a fresh id. */
const validRequest = fc
  .constantFrom(...TYPES)
  .chain((type) => arbitraryFor(APP_EVENTS[type]).map((payload) => ({ channel: FRAME_CHANNEL, id: randomUUID(), type, payload })))

describe('frame messages on the frame side: createMessageGate (issue 27 §2)', () => {
  it('any message from any window: never throws, strangers never read or answered, each id handled and answered at most once', async () => {
    const parent = { name: 'parent' }
    const stranger = { name: 'popup' }
    const event = fc.record({
      source: fc.oneof({ weight: 4, arbitrary: fc.constant<unknown>(parent) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(stranger, null, undefined) }),
      origin: fc.oneof(
        { weight: 4, arbitrary: fc.constant(PARENT_ORIGIN) },
        { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', '', `${PARENT_ORIGIN}/`, 'http://shop.example') },
      ),
      data: fc.oneof({ weight: 3, arbitrary: validRequest }, { weight: 3, arbitrary: mutated(validRequest) }, { weight: 2, arbitrary: hostile }),
    })
    // Over the run, both doors are taken: requests handled, and bad payloads answered with SPEC §5's words.
    let handledInAll = 0
    let refusedInAll = 0
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 8 }), fc.nat(), async (events, replayAt) => {
        const posted: OutgoingMessage[] = []
        const handled: unknown[] = []
        const gate = createMessageGate({
          parent,
          parentOrigin: PARENT_ORIGIN,
          post: (message) => void posted.push(message),
          // A handler that answers with anything: the gate checks the answer against the reply codec.
          handle: async (message) => {
            handled.push(message)
            return { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', extra: 'never leaves' }
          },
        })
        // A replay of one of them, as a stranger would send it again.
        const sent: GateEvent[] = events.length > 0 ? [...events, events[replayAt % events.length]!] : events
        for (const e of sent) expect(() => gate(e)).not.toThrow()
        await new Promise((resolve) => setTimeout(resolve, 0))

        const fromParent = sent.filter((e) => e.source === parent && e.origin === PARENT_ORIGIN)
        const ids = (list: GateEvent[]) => list.map((e) => (e.data as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string')
        // Handled: only what AppMessage accepts, from the parent, each id once.
        for (const message of handled) expect(isRight(AppMessage.decode(message))).toBe(true)
        const handledIds = handled.map((m) => (m as { id: string }).id)
        expect(new Set(handledIds).size).toBe(handledIds.length)
        for (const id of handledIds) expect(ids(fromParent)).toContain(id)
        // Replies: on the channel, to an id the parent sent, one per id; a bad payload gets SPEC §5's words.
        const repliedIds = posted.map((m) => m.id)
        expect(new Set(repliedIds).size).toBe(repliedIds.length)
        for (const reply of posted) {
          expect(reply.channel).toBe(FRAME_CHANNEL)
          expect(ids(fromParent)).toContain(reply.id)
          if (reply.type === 'SUCCESS') expect(reply.payload).not.toHaveProperty('extra')
          if (reply.type === 'ERROR' && !handledIds.includes(reply.id)) expect(reply.payload).toEqual({ message: UNKNOWN_MESSAGE })
        }
        handledInAll += handled.length
        refusedInAll += posted.filter((m) => m.type === 'ERROR' && !handledIds.includes(m.id)).length
        // Nothing a stranger sent (and the parent did not) was read or answered.
        const strangerOnly = ids(sent.filter((e) => !fromParent.includes(e))).filter((id) => !ids(fromParent).includes(id))
        for (const id of strangerOnly) {
          expect(repliedIds).not.toContain(id)
          expect(handledIds).not.toContain(id)
        }
      }),
      runs({ ciScale: 0.4 }),
    )
    expect(handledInAll).toBeGreaterThan(0)
    expect(refusedInAll).toBeGreaterThan(0)
  })
})
