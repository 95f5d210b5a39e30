/**
 * The SIWX session's codec (SPEC §3: data, message, signature, cacao): what a site's `getSessions`
 * answers, decoded by the siwx plugin (its chunk, not the first load).
 */
import * as t from 'io-ts'

/** What a sign-in message says (SPEC §3 SIWX session "data"; the fields of src/format/siwxMessage.ts). */
export const SiwxSessionData = t.intersection(
  [
    t.type({ domain: t.string, accountAddress: t.string, chainId: t.string, uri: t.string, version: t.literal('1'), nonce: t.string, issuedAt: t.string }),
    t.partial({ expirationTime: t.string, notBefore: t.string, statement: t.string, requestId: t.string, resources: t.array(t.string) }),
  ],
  'SiwxSessionData',
)
export type SiwxSessionData = t.TypeOf<typeof SiwxSessionData>

/** A sign-in session as the site keeps it. */
export const SiwxSession = t.intersection(
  [t.type({ data: SiwxSessionData, message: t.string, signature: t.string }), t.partial({ cacao: t.unknown })],
  'SiwxSession',
)
export type SiwxSession = t.TypeOf<typeof SiwxSession>

/** A `getSessions` answer. */
export const SiwxSessions = t.array(SiwxSession)
