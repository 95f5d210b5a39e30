/**
 * Properties of the secure frame's message protocol (SPEC §5 "Message payloads must match known
 * event types, otherwise parsing fails", "Email fields in frame messages must be valid emails";
 * §6 the safe and unsafe method lists; §7 the app events, replies and frame events). Each runs
 * runs()'s size (a few hundred cases in the test command, 10,000 under `npm run fuzz`): both sides of the frame decode with these codecs whatever another window
 * posts, so they must refuse whatever is not of their shape, and never throw.
 *
 * The oracles are written out here, independently of the codecs' regular expressions: a UUID is
 * 36 characters with hyphens at 8, 13, 18 and 23 and lowercase hex elsewhere; a code is six ASCII
 * digits; an email has one `@`, no white space and at most 254 characters.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type * as t from 'io-ts'
import { isRight } from '../../src/kernel/either'
import {
  APP_EVENTS,
  APP_REPLIES,
  AppMessage,
  Email,
  ErrorMessage,
  FRAME_CHANNEL,
  FrameMessage,
  InitErrorMessage,
  LoadingMessage,
  MessageId,
  Otp,
  ReadyMessage,
  SAFE_RPC_METHODS,
  SuccessMessage,
  UNSAFE_RPC_METHODS,
  rpcMethodKind,
  type AppEventType,
} from '../../src/embedded/protocol'
import { anything, arbitraryFor, refinements } from './arbitraries'
import { runs } from './settings'

/** SPEC issue 14 §5: every frame message codec; 10,000 cases per property under `npm run fuzz` (issue 27 §2). */
const RUNS = runs()

const APP_TYPES = Object.keys(APP_EVENTS) as AppEventType[]
const FRAME_TYPES = ['LOADING', 'READY', 'INIT_ERROR', 'SUCCESS', 'ERROR'] as const
const HEX = '0123456789abcdef'

/** The UUID oracle (what `crypto.randomUUID()` gives), written without a regular expression. */
function isUuid(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 36) return false
  return [...value].every((char, i) => ([8, 13, 18, 23].includes(i) ? char === '-' : HEX.includes(char)))
}

/** The six-digit code oracle: six characters, each an ASCII digit. */
const isSixDigits = (value: string): boolean => value.length === 6 && [...value].every((char) => char >= '0' && char <= '9')

const WHITE_SPACE = /\s/u
const atCount = (value: string): number => [...value].filter((char) => char === '@').length

// --- Arbitraries -------------------------------------------------------------------------------

const EMAIL_LOCAL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/
const EMAIL_LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,20}[a-zA-Z0-9])?$/
/** Emails of the HTML standard's `<input type=email>` form, at most 254 characters. */
const validEmail = fc
  .tuple(fc.stringMatching(EMAIL_LOCAL), fc.array(fc.stringMatching(EMAIL_LABEL), { minLength: 1, maxLength: 4 }))
  .map(([local, labels]) => `${local}@${labels.join('.')}`)
  .filter((email) => email.length <= 254)
const validOtp = fc.stringMatching(/^[0-9]{6}$/)

// The codecs' branded strings get their generators by name (see arbitraries.ts `refinements`).
Object.assign(refinements, { Email: validEmail, Otp: validOtp, MessageId: fc.uuid() })

/** Ids that are not what `crypto.randomUUID()` gives: upper case, no hyphens, braces, a char more or less, any string, not a string. */
const nonUuid: fc.Arbitrary<unknown> = fc
  .oneof(
    fc.uuid().map((id) => id.toUpperCase()),
    fc.uuid().map((id) => id.replaceAll('-', '')),
    fc.uuid().map((id) => `{${id}}`),
    fc.uuid().map((id) => `${id}0`),
    fc.uuid().map((id) => id.slice(1)),
    fc.uuid().map((id) => ` ${id}`),
    fc.uuid().map((id) => `${id}\n`),
    fc.tuple(fc.uuid(), fc.nat(35), fc.constantFrom('g', 'G', 'z', '-', ' ', '\u0000', 'é')).map(([id, at, c]) => id.slice(0, at) + c + id.slice(at + 1)),
    fc.string(),
    fc.constantFrom('', '0', '00000000-0000-0000-0000-00000000000'),
    anything,
  )
  .filter((id) => !isUuid(id))

/** Channels that are not the frame's. */
const wrongChannel: fc.Arbitrary<unknown> = fc
  .oneof(fc.constantFrom('Airlock-frame', 'airlock-frame ', ' airlock-frame', 'airlock', 'airlock-frame\u0000', ''), fc.string(), anything)
  .filter((channel) => channel !== FRAME_CHANNEL)

/** Type names no codec of `known` has: case and space variants of real ones, other names, non-strings. */
const unknownType = (known: readonly string[]): fc.Arbitrary<unknown> =>
  fc
    .oneof(
      fc.constantFrom(...known).map((type) => type.toLowerCase()),
      fc.constantFrom(...known).map((type) => `${type} `),
      fc.constantFrom(...known).map((type) => `${type}_`),
      fc.constantFrom(...APP_TYPES, ...FRAME_TYPES, 'PING', '__proto__', 'constructor', 'toString', ''),
      fc.string(),
      anything,
    )
    .filter((type) => typeof type !== 'string' || !known.includes(type))

type AnyCodec = t.Mixed & { readonly _tag?: string; readonly props?: t.Props; readonly types?: t.Mixed[] }

/** A payload codec's fields: required (t.type) and optional (t.partial), through intersections. */
function fieldsOf(codec: t.Mixed): { required: t.Props; optional: t.Props } {
  const c = codec as AnyCodec
  switch (c._tag) {
    case 'InterfaceType':
      return { required: c.props ?? {}, optional: {} }
    case 'PartialType':
      return { required: {}, optional: c.props ?? {} }
    case 'IntersectionType':
      return (c.types ?? []).map(fieldsOf).reduce((a, b) => ({ required: { ...a.required, ...b.required }, optional: { ...a.optional, ...b.optional } }))
    default:
      throw new Error(`No fields for codec ${c.name}`)
  }
}

/** A field whose codec accepts anything (t.unknown) has no wrong type and may be missing. */
const acceptsAnything = (codec: t.Mixed): boolean => ['UnknownType', 'AnyType'].includes((codec as AnyCodec)._tag ?? '')

/** Values of every kind, from which those a field's codec refuses are kept. */
const someValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt(),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
  fc.uuid(),
  fc.constantFrom('ada@example.com', '123456', 'eoa', 'google', 'VERIFY_OTP', '0x1'),
)

type Mutation = { readonly kind: string; readonly payload: unknown }

/**
 * A payload `codec` refuses: a required field missing, a field of the wrong type (an optional one
 * too: present but wrong), or not an object at all.
 */
function payloadMutation(codec: t.Mixed, valid: fc.Arbitrary<unknown>): fc.Arbitrary<Mutation> {
  const { required, optional } = fieldsOf(codec)
  const omissible = Object.keys(required).filter((name) => !required[name]!.is(undefined))
  const typed = Object.entries({ ...required, ...optional }).filter(([, field]) => !acceptsAnything(field))
  const options: fc.Arbitrary<Mutation>[] = [
    fc
      .oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.jsonValue(), { maxLength: 3 }))
      .map((payload) => ({ kind: 'not an object', payload })),
  ]
  if (omissible.length > 0) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...omissible)).map(([payload, name]) => {
        const copy = { ...(payload as Record<string, unknown>) }
        delete copy[name]
        return { kind: `missing ${name}`, payload: copy }
      }),
    )
  }
  for (const [name, field] of typed) {
    options.push(
      fc
        .tuple(
          valid,
          someValue.filter((value) => value !== undefined && !field.is(value)),
        )
        .map(([payload, wrong]) => ({
          kind: `wrong-typed ${name}`,
          payload: { ...(payload as Record<string, unknown>), [name]: wrong },
        })),
    )
  }
  return fc.oneof(...options)
}

/** A name that is none of the payload's fields, and any value for it. */
function extraField(codec: t.Mixed): fc.Arbitrary<[string, unknown]> {
  const { required, optional } = fieldsOf(codec)
  const names = new Set([...Object.keys(required), ...Object.keys(optional)])
  return fc.tuple(
    fc
      .oneof(fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom('extra', 'origin', 'privateKey', 'code'))
      .filter((name) => !names.has(name) && name !== '__proto__'),
    fc.jsonValue({ maxDepth: 2 }),
  )
}

const envelope = (type: string, payload: fc.Arbitrary<unknown>) =>
  fc.record({ channel: fc.constant(FRAME_CHANNEL), id: fc.uuid(), type: fc.constant(type), payload })

const FRAME_PAYLOADS: Readonly<Record<(typeof FRAME_TYPES)[number], t.Mixed | null>> = {
  LOADING: (LoadingMessage as unknown as { props: t.Props }).props['payload']!,
  READY: (ReadyMessage as unknown as { props: t.Props }).props['payload']!,
  INIT_ERROR: (InitErrorMessage as unknown as { props: t.Props }).props['payload']!,
  // A reply's payload is decoded with the codec of its request (APP_REPLIES), not here.
  SUCCESS: null,
  ERROR: (ErrorMessage as unknown as { props: t.Props }).props['payload']!,
}

const validApp = (type: AppEventType) => envelope(type, arbitraryFor(APP_EVENTS[type]))
/** A frame event's payload; a SUCCESS carries any app reply. */
const framePayloadArb = (type: string): fc.Arbitrary<unknown> => {
  const codec = FRAME_PAYLOADS[type as (typeof FRAME_TYPES)[number]]
  return codec ? arbitraryFor(codec) : fc.constantFrom(...APP_TYPES).chain((app) => arbitraryFor(APP_REPLIES[app]))
}
const anyValidApp = fc.constantFrom(...APP_TYPES).chain(validApp)
const anyValidFrame = fc.constantFrom(...FRAME_TYPES).chain((type) => envelope(type, framePayloadArb(type)))

/** The decoded value, or a marker when refused. */
const REFUSED = Symbol('refused')
function decoded(codec: t.Mixed, value: unknown): unknown {
  const result = codec.decode(value)
  return isRight(result) ? result.right : REFUSED
}

/** Every frame message codec there is: both unions, each app event and reply payload, each frame event. */
const ALL_CODECS: readonly [string, t.Mixed][] = [
  ['AppMessage', AppMessage],
  ['FrameMessage', FrameMessage],
  ['ReadyMessage', ReadyMessage],
  ['InitErrorMessage', InitErrorMessage],
  ['SuccessMessage', SuccessMessage],
  ['ErrorMessage', ErrorMessage],
  ...APP_TYPES.map((type): [string, t.Mixed] => [`APP_EVENTS.${type}`, APP_EVENTS[type]]),
  ...APP_TYPES.map((type): [string, t.Mixed] => [`APP_REPLIES.${type}`, APP_REPLIES[type]]),
]

/** What an envelope must hold for `known` types with their payload codecs, checked field by field. */
function envelopeOracle(message: unknown, payloads: (type: string) => t.Mixed | null | undefined): boolean {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return false
  const m = message as Record<string, unknown>
  if (m['channel'] !== FRAME_CHANNEL || !isUuid(m['id']) || typeof m['type'] !== 'string') return false
  const codec = payloads(m['type'])
  if (codec === undefined) return false
  return codec === null ? true : codec.is(m['payload'])
}
const appPayload = (type: string) => (Object.hasOwn(APP_EVENTS, type) ? APP_EVENTS[type as AppEventType] : undefined)
const framePayload = (type: string) => (Object.hasOwn(FRAME_PAYLOADS, type) ? FRAME_PAYLOADS[type as (typeof FRAME_TYPES)[number]] : undefined)

/** Messages near the shape: each part valid or not; the payload mostly of the message's own type, else of another type, or anything. */
const nearMessage = (types: readonly string[], payloadFor: (type: string) => fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      fc.oneof(fc.constant(FRAME_CHANNEL), wrongChannel),
      fc.oneof(fc.uuid(), nonUuid),
      fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...types) }, { weight: 1, arbitrary: unknownType(types) }),
    )
    .chain(([channel, id, type]) =>
      fc
        .oneof(
          { weight: 4, arbitrary: payloadFor(typeof type === 'string' && types.includes(type) ? type : types[0]!) },
          { weight: 1, arbitrary: fc.constantFrom(...types).chain(payloadFor) },
          { weight: 1, arbitrary: fc.constantFrom(...APP_TYPES).chain((app) => arbitraryFor(APP_REPLIES[app])) },
          { weight: 1, arbitrary: anything },
        )
        .map((payload) => ({ channel, id, type, payload })),
    )

// --- Properties --------------------------------------------------------------------------------

describe('frame message codecs (SPEC §5 "Message payloads must match known event types", §7)', () => {
  it('every frame message codec decodes any value without throwing, and what it accepts is of its shape', () => {
    fc.assert(
      fc.property(anything, (value) => {
        for (const [, codec] of ALL_CODECS) {
          const result = codec.decode(value)
          if (isRight(result)) expect(codec.is(result.right)).toBe(true)
        }
        // Whole messages: only an envelope with the channel, a UUID and a known type passes.
        if (isRight(AppMessage.decode(value))) expect(envelopeOracle(value, appPayload)).toBe(true)
        if (isRight(FrameMessage.decode(value))) expect(envelopeOracle(value, framePayload)).toBe(true)
      }),
      RUNS,
    )
  })

  it('AppMessage accepts exactly the messages with the frame channel, a UUID id, an app event type and that type’s payload', () => {
    fc.assert(
      fc.property(
        nearMessage(APP_TYPES, (type) => arbitraryFor(APP_EVENTS[type as AppEventType])),
        (message) => {
          expect(decoded(AppMessage, message) !== REFUSED).toBe(envelopeOracle(message, appPayload))
        },
      ),
      RUNS,
    )
  })

  it('FrameMessage accepts exactly LOADING {}, READY {version}, INIT_ERROR {message}, SUCCESS and ERROR {message} with the frame channel and a UUID id', () => {
    fc.assert(
      fc.property(nearMessage(FRAME_TYPES, framePayloadArb), (message) => {
        expect(decoded(FrameMessage, message) !== REFUSED).toBe(envelopeOracle(message, framePayload))
      }),
      RUNS,
    )
  })

  it('valid app messages and frame messages decode to themselves, also after a structured clone (what postMessage does)', () => {
    fc.assert(
      fc.property(anyValidApp, anyValidFrame, (app, frame) => {
        expect(decoded(AppMessage, app)).toEqual(app)
        expect(decoded(AppMessage, structuredClone(app))).toEqual(app)
        expect(decoded(FrameMessage, frame)).toEqual(frame)
        expect(decoded(FrameMessage, structuredClone(frame))).toEqual(frame)
        // Neither union takes the other side's messages.
        expect(decoded(FrameMessage, app)).toBe(REFUSED)
        expect(decoded(AppMessage, frame)).toBe(REFUSED)
      }),
      RUNS,
    )
  })

  it('a valid message with the wrong channel, a non-UUID id or an unknown type is refused by AppMessage and FrameMessage', () => {
    const mutated = (valid: fc.Arbitrary<Record<string, unknown>>, known: readonly string[]) =>
      fc.oneof(
        fc.tuple(valid, wrongChannel).map(([m, channel]) => ({ ...m, channel })),
        fc.tuple(valid, nonUuid).map(([m, id]) => ({ ...m, id })),
        fc.tuple(valid, unknownType(known)).map(([m, type]) => ({ ...m, type })),
        fc.tuple(valid, fc.constantFrom('channel', 'id', 'type')).map(([m, name]) => {
          const copy = { ...m }
          delete copy[name]
          return copy
        }),
      )
    fc.assert(
      fc.property(mutated(anyValidApp, APP_TYPES), mutated(anyValidFrame, FRAME_TYPES), (app, frame) => {
        expect(decoded(AppMessage, app)).toBe(REFUSED)
        expect(decoded(FrameMessage, frame)).toBe(REFUSED)
      }),
      RUNS,
    )
  })

  for (const type of APP_TYPES) {
    it(`APP_EVENTS.${type}: its valid payloads decode to themselves, in a ${type} message too; an extra field changes none of its own fields`, () => {
      const payloads = arbitraryFor(APP_EVENTS[type])
      fc.assert(
        fc.property(fc.uuid(), payloads, extraField(APP_EVENTS[type]), (id, payload, [name, extra]) => {
          expect(decoded(APP_EVENTS[type], payload)).toEqual(payload)
          const message = { channel: FRAME_CHANNEL, id, type, payload }
          expect(decoded(AppMessage, message)).toEqual(message)
          // io-ts codecs are not exact: an extra field is carried along, never read, and never makes a bad payload good.
          const withExtra = decoded(APP_EVENTS[type], { ...(payload as object), [name]: extra })
          expect(withExtra).toMatchObject(payload as object)
        }),
        RUNS,
      )
    })

    it(`APP_EVENTS.${type}: a payload with a required field missing, a field of the wrong type or no object is refused, alone and in a ${type} message`, () => {
      const valid = arbitraryFor(APP_EVENTS[type])
      fc.assert(
        fc.property(fc.uuid(), payloadMutation(APP_EVENTS[type], valid), extraField(APP_EVENTS[type]), (id, { payload }, [name, extra]) => {
          expect(decoded(APP_EVENTS[type], payload)).toBe(REFUSED)
          expect(decoded(AppMessage, { channel: FRAME_CHANNEL, id, type, payload })).toBe(REFUSED)
          if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
            expect(decoded(APP_EVENTS[type], { ...payload, [name]: extra })).toBe(REFUSED)
          }
        }),
        RUNS,
      )
    })
  }

  for (const type of APP_TYPES) {
    it(`APP_REPLIES.${type}: its valid replies decode to themselves, inside a SUCCESS message too (the page decodes both)`, () => {
      fc.assert(
        fc.property(fc.uuid(), arbitraryFor(APP_REPLIES[type]), (id, payload) => {
          expect(decoded(APP_REPLIES[type], payload)).toEqual(payload)
          const message = { channel: FRAME_CHANNEL, id, type: 'SUCCESS', payload }
          const frame = decoded(FrameMessage, structuredClone(message))
          expect(frame).toEqual(message)
          expect(decoded(APP_REPLIES[type], (frame as { payload: unknown }).payload)).toEqual(payload)
        }),
        RUNS,
      )
    })

    it(`APP_REPLIES.${type}: a reply with a required field missing, a field of the wrong type or no object is refused`, () => {
      fc.assert(
        fc.property(payloadMutation(APP_REPLIES[type], arbitraryFor(APP_REPLIES[type])), ({ payload }) => {
          expect(decoded(APP_REPLIES[type], payload)).toBe(REFUSED)
        }),
        RUNS,
      )
    })
  }

  for (const type of ['READY', 'INIT_ERROR', 'ERROR'] as const) {
    it(`FrameMessage: a ${type} whose payload misses a field, has one of the wrong type or is no object is refused`, () => {
      const codec = FRAME_PAYLOADS[type]!
      fc.assert(
        fc.property(fc.uuid(), payloadMutation(codec, arbitraryFor(codec)), (id, { payload }) => {
          expect(decoded(FrameMessage, { channel: FRAME_CHANNEL, id, type, payload })).toBe(REFUSED)
        }),
        RUNS,
      )
    })
  }
})

describe('Email (SPEC §5 "Email fields in frame messages must be valid emails")', () => {
  it('accepts an email of the <input type=email> form up to 254 characters', () => {
    fc.assert(
      fc.property(validEmail, (email) => {
        expect(Email.is(email)).toBe(true)
      }),
      RUNS,
    )
  })

  it('refuses an email with white space, with a second @ or none, or longer than 254 characters', () => {
    const insert = (e: string, at: number, text: string) => {
      const i = at % (e.length + 1)
      return e.slice(0, i) + text + e.slice(i)
    }
    const broken = fc.oneof(
      fc.tuple(validEmail, fc.nat(), fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\u3000')).map(([e, at, s]) => insert(e, at, s)),
      fc.tuple(validEmail, fc.nat()).map(([e, at]) => insert(e, at, '@')),
      validEmail.map((e) => e.replace('@', '')),
      // Too long: the local part padded past 254 characters.
      fc.tuple(validEmail, fc.integer({ min: 1, max: 40 })).map(([e, more]) => 'a'.repeat(255 - e.length + more) + e),
    )
    fc.assert(
      fc.property(broken, (text) => {
        expect(Email.is(text)).toBe(false)
      }),
      RUNS,
    )
  })

  it('whatever string it accepts has no white space, one @ and at most 254 characters; it accepts no non-string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.emailAddress()), anything, (text, value) => {
        if (Email.is(text)) {
          expect(WHITE_SPACE.test(text)).toBe(false)
          expect(atCount(text)).toBe(1)
          expect(text.length).toBeLessThanOrEqual(254)
        }
        if (typeof value !== 'string') expect(Email.is(value)).toBe(false)
      }),
      RUNS,
    )
  })

  it('254 characters is the limit exactly', () => {
    const at254 = `${'a'.repeat(254 - '@example.com'.length)}@example.com`
    expect(at254).toHaveLength(254)
    expect(Email.is(at254)).toBe(true)
    expect(Email.is(`a${at254}`)).toBe(false)
    for (const bad of [
      'ada @example.com',
      'ada@exa mple.com',
      'ada@@example.com',
      'ada@example@com',
      'adaexample.com',
      '@example.com',
      'ada@',
      'ada@-example.com',
      '',
    ])
      expect(Email.is(bad), bad).toBe(false)
  })
})

describe('Otp (a one-time code: six digits)', () => {
  it('accepts a string exactly when it is six ASCII digits', () => {
    const nearCode = fc.oneof(
      validOtp,
      fc.stringMatching(/^[0-9]{0,9}$/),
      fc.tuple(validOtp, fc.nat(5), fc.constantFrom('a', ' ', '\n', '٣', '３', '-', '.', 'e', '+')).map(([c, i, x]) => c.slice(0, i) + x + c.slice(i + 1)),
      validOtp.map((c) => `${c}\n`),
      validOtp.map((c) => ` ${c}`),
      fc.string({ maxLength: 8 }),
    )
    fc.assert(
      fc.property(nearCode, anything, (code, value) => {
        expect(Otp.is(code)).toBe(isSixDigits(code))
        if (typeof value !== 'string') expect(Otp.is(value)).toBe(false)
      }),
      RUNS,
    )
  })
})

describe('MessageId (ids from crypto.randomUUID())', () => {
  it('accepts exactly the lowercase UUIDs', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), nonUuid), (id) => {
        expect(MessageId.is(id)).toBe(isUuid(id))
      }),
      RUNS,
    )
  })
})

describe('rpcMethodKind (SPEC §6: methods not in the known list are rejected)', () => {
  const SAFE = new Set<string>(SAFE_RPC_METHODS)
  const UNSAFE = new Set<string>(UNSAFE_RPC_METHODS)

  it('is refused for every string on neither list, safe or unsafe for those on one', () => {
    const listed = fc.constantFrom(...SAFE_RPC_METHODS, ...UNSAFE_RPC_METHODS)
    const method = fc.oneof(
      listed,
      listed.map((m) => m.toUpperCase()),
      listed.map((m) => ` ${m}`),
      listed.map((m) => `${m}\u0000`),
      listed.map((m) => m.slice(0, -1)),
      fc.constantFrom(
        'eth_signTypedData',
        'eth_signTypedData_v3',
        'wallet_addEthereumChain',
        'eth_coinbase',
        'constructor',
        '__proto__',
        'toString',
        'hasOwnProperty',
        '',
      ),
      fc.string(),
      fc.stringMatching(/^(eth|wallet|personal|solana)_[a-zA-Z]{0,20}$/),
    )
    fc.assert(
      fc.property(method, (m) => {
        const expected = SAFE.has(m) ? 'safe' : UNSAFE.has(m) ? 'unsafe' : 'refused'
        expect(rpcMethodKind(m)).toBe(expected)
      }),
      RUNS,
    )
  })

  it('no method is on both lists, and the signing ones need approval', () => {
    expect(SAFE_RPC_METHODS.filter((m) => UNSAFE.has(m))).toEqual([])
    for (const m of ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'solana_signTransaction'])
      expect(rpcMethodKind(m)).toBe('unsafe')
    for (const m of ['eth_call', 'eth_sendRawTransaction', 'eth_getBalance']) expect(rpcMethodKind(m)).toBe('safe')
  })
})
