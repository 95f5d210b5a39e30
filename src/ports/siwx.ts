/**
 * The `siwx` port: the site's side of sign-in with a wallet (SPEC §3 SIWX session, §4 sign-in
 * flow), as the siwx plugin's effects see it. The site passes a config in `options.siwx`; its
 * callbacks never enter the state tree (only `required` does). Without one, every call fails
 * "SIWX is not enabled" (SPEC §8).
 *
 * The config (the industry's concepts — a nonce from the site, add / get / revoke sessions, a
 * required flag — in Airlock's words):
 *
 * ```ts
 * createAirlock({
 *   siwx: {
 *     required: true,                     // Cancel disconnects; the modal cannot be closed unsigned
 *     statement: 'Sign in to Example',    // optional, shown in the message
 *     expiresInMs: 24 * 3600_000,         // optional, the message's Expiration Time (default one day)
 *     getNonce: async ({ caipNetworkId, address }) => (await fetch('/nonce', { method: 'POST' })).text(),
 *     addSession: async (session) => void (await fetch('/sessions', { method: 'POST', body: JSON.stringify(session) })),
 *     getSessions: async (caipNetworkId, address) => [],   // the account's live sessions
 *     revokeSession: async (caipNetworkId, address) => {},
 *   },
 * })
 * ```
 *
 * `createSessionsSiwx({ url })` (src/remote/siwx) is a ready-made config over the sessions service.
 * `addSession` must fail (throw) when the site's server refuses the signature: the visitor then
 * sees the sign-in error and may try again.
 */
import * as t from 'io-ts'
import { AirlockError, ErrorCategory } from '../kernel/errors'
import { isRight } from '../kernel/either'

/** What a sign-in message says (SPEC §3 SIWX session "data"; the fields of src/format/siwxMessage.ts). */
export const SiwxSessionData = t.intersection(
  [
    t.type({ domain: t.string, accountAddress: t.string, chainId: t.string, uri: t.string, version: t.literal('1'), nonce: t.string, issuedAt: t.string }),
    t.partial({ expirationTime: t.string, notBefore: t.string, statement: t.string, requestId: t.string, resources: t.array(t.string) }),
  ],
  'SiwxSessionData',
)
export type SiwxSessionData = t.TypeOf<typeof SiwxSessionData>

/** A sign-in session as the site keeps it (SPEC §3: data, message, signature, cacao). */
export const SiwxSession = t.intersection(
  [t.type({ data: SiwxSessionData, message: t.string, signature: t.string }), t.partial({ cacao: t.unknown })],
  'SiwxSession',
)
export type SiwxSession = t.TypeOf<typeof SiwxSession>

/** Whom a nonce is for. */
export interface SiwxNonceInput {
  readonly caipNetworkId: string
  readonly address: string
}

/** The `siwx` option a site passes. */
export interface SiwxConfig {
  readonly required?: boolean
  readonly statement?: string
  readonly expiresInMs?: number
  getNonce(input: SiwxNonceInput): Promise<string>
  addSession(session: SiwxSession): Promise<void>
  getSessions(caipNetworkId: string, address: string): Promise<readonly SiwxSession[]>
  revokeSession(caipNetworkId: string, address: string): Promise<void>
}

/** The port: the config's calls with their answers decoded, and its message settings. */
export interface SiwxPort {
  readonly statement: string | undefined
  readonly expiresInMs: number
  getNonce(input: SiwxNonceInput): Promise<string>
  addSession(session: SiwxSession): Promise<void>
  getSessions(caipNetworkId: string, address: string): Promise<readonly SiwxSession[]>
  revokeSession(caipNetworkId: string, address: string): Promise<void>
}

/** A message valid for one day unless the site says otherwise. */
export const DEFAULT_SIWX_EXPIRES_IN_MS = 24 * 3600_000

const notEnabled = () => Promise.reject(new AirlockError('SIWX is not enabled'))

/** The port of a page without a `siwx` config: every call fails "SIWX is not enabled" (SPEC §8). */
export function unavailableSiwx(): SiwxPort {
  return {
    statement: undefined,
    expiresInMs: DEFAULT_SIWX_EXPIRES_IN_MS,
    getNonce: notEnabled,
    addSession: notEnabled,
    getSessions: notEnabled,
    revokeSession: notEnabled,
  }
}

const callback = new t.Type<(...args: never[]) => unknown>(
  'function',
  (u): u is (...args: never[]) => unknown => typeof u === 'function',
  (u, c) => (typeof u === 'function' ? t.success(u as (...args: never[]) => unknown) : t.failure(u, c)),
  (f) => f,
)

const ConfigShape = t.intersection([
  t.type({ getNonce: callback, addSession: callback, getSessions: callback, revokeSession: callback }),
  t.partial({ required: t.boolean, statement: t.string, expiresInMs: t.number }),
])

const Nonce = t.string
const Sessions = t.array(SiwxSession)

function invalidAnswer(what: string): AirlockError {
  return new AirlockError(`The siwx config's ${what} answered something else`, { category: ErrorCategory.INVALID_OPTIONS })
}

/**
 * The port over a site's `siwx` config; throws a clear INVALID_OPTIONS error when it is not one.
 * Each answer is decoded: a nonce is text, sessions are SIWX sessions (a wrong answer is
 * never taken for a session: the call fails).
 *
 * ```ts
 * const port = createSiwxPort(options.siwx)
 * await port.getSessions('eip155:1', '0xf39F…') // []
 * ```
 */
export function createSiwxPort(config: unknown): SiwxPort {
  const decoded = ConfigShape.decode(config)
  if (!isRight(decoded)) {
    throw new AirlockError('Invalid options: siwx needs getNonce, addSession, getSessions and revokeSession functions', {
      category: ErrorCategory.INVALID_OPTIONS,
    })
  }
  const site = config as SiwxConfig
  const { statement, expiresInMs } = decoded.right
  if (expiresInMs !== undefined && !(Number.isFinite(expiresInMs) && expiresInMs > 0)) {
    throw new AirlockError('Invalid options: siwx.expiresInMs must be a positive number of milliseconds', { category: ErrorCategory.INVALID_OPTIONS })
  }
  return {
    statement,
    expiresInMs: expiresInMs ?? DEFAULT_SIWX_EXPIRES_IN_MS,
    async getNonce(input) {
      const nonce = Nonce.decode(await site.getNonce(input))
      if (!isRight(nonce)) throw invalidAnswer('getNonce')
      return nonce.right
    },
    async addSession(session) {
      await site.addSession(session)
    },
    async getSessions(caipNetworkId, address) {
      const answer = Sessions.decode(await site.getSessions(caipNetworkId, address))
      if (!isRight(answer)) throw invalidAnswer('getSessions')
      return answer.right
    },
    async revokeSession(caipNetworkId, address) {
      await site.revokeSession(caipNetworkId, address)
    },
  }
}
