/**
 * The sign-message plugin's events, each an io-ts codec and a type of the same name, and the shape
 * of a verified signature (what its state holds, what it stores, what its public event carries).
 */
import * as t from 'io-ts'
import { defineEvent, defineEvents, type EventsOf, type PublicEventsOf } from 'airlock/plugin'

/** A message the connected wallet signed, verified against the signer's address. */
export const SignedMessage = t.type(
  {
    /** The signer, as the wallet connection gave it (checksummed). */
    address: t.string,
    /** The CAIP-2 id of the network the wallet was on. */
    caipNetworkId: t.string,
    message: t.string,
    /** The signature, hex (personal_sign). */
    signature: t.string,
  },
  'SignedMessage',
)
export type SignedMessage = t.TypeOf<typeof SignedMessage>

/** Why a signature was not obtained: each is a key of the plugin's strings (`errors.<reason>`). */
export const SignFailure = t.keyof({ notConnected: null, rejected: null, unverified: null, failed: null }, 'SignFailure')
export type SignFailure = t.TypeOf<typeof SignFailure>

/** The visitor pressed "Sign" (the `sign` command). */
export const ExampleSignRequested = defineEvent('EXAMPLE_SIGN_REQUESTED', t.type({}))
export type ExampleSignRequested = t.TypeOf<typeof ExampleSignRequested>

/** The wallet signed and the signature verified. Public: analytics sees it. */
export const ExampleMessageSigned = defineEvent('EXAMPLE_MESSAGE_SIGNED', SignedMessage)
export type ExampleMessageSigned = t.TypeOf<typeof ExampleMessageSigned>

/** No signature: the reason, and the wallet's own words when it gave any (shown as detail). */
export const ExampleSignFailed = defineEvent('EXAMPLE_SIGN_FAILED', t.intersection([t.type({ reason: SignFailure }), t.partial({ detail: t.string })]))
export type ExampleSignFailed = t.TypeOf<typeof ExampleSignFailed>

/** The signature stored by an earlier visit, verified again, is back. */
export const ExampleSignatureRestored = defineEvent('EXAMPLE_SIGNATURE_RESTORED', SignedMessage)
export type ExampleSignatureRestored = t.TypeOf<typeof ExampleSignatureRestored>

/**
 * Every event of the plugin, by type (the module's `events`, which the log decodes and replays),
 * and the public analytics events among them (its `publicEvents`): declared once, here.
 */
export const signMessageEvents = defineEvents(
  {
    EXAMPLE_SIGN_REQUESTED: ExampleSignRequested,
    EXAMPLE_MESSAGE_SIGNED: ExampleMessageSigned,
    EXAMPLE_SIGN_FAILED: ExampleSignFailed,
    EXAMPLE_SIGNATURE_RESTORED: ExampleSignatureRestored,
  },
  { public: ['EXAMPLE_MESSAGE_SIGNED'] },
)

// Declaration merging, from the same declaration: `createEvent('EXAMPLE_SIGN_FAILED', …)` and
// `ofType(…)` are checked by the compiler, and the public event joins `PublicEvent`, the analytics
// stream's type.
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof signMessageEvents> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PublicEventRegistry extends PublicEventsOf<typeof signMessageEvents> {}
}
