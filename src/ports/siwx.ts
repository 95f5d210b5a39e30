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
 *     statement: 'Sign in to Example',    // optional, printable ASCII, shown in the message
 *     expiresInMs: 24 * 3600_000,         // optional, the message's Expiration Time (default one day)
 *     getNonce: async ({ caipNetworkId, address }) => (await fetch('/nonce', { method: 'POST' })).text(),
 *     // The server verifies, then answers with this browser's credential (an HttpOnly cookie).
 *     addSession: async (session) => void (await fetch('/sessions', { method: 'POST', body: JSON.stringify(session) })),
 *     // The sessions the browser's credential holds for this account; none without one.
 *     getSessions: async (caipNetworkId, address) => [],
 *     revokeSession: async (caipNetworkId, address) => {},
 *   },
 * })
 * ```
 *
 * Sign-in is a credential, not a lookup (DESIGN "Trust boundaries"). SPEC §3's SIWX session (data,
 * message, signature, cacao) is read as a session this browser holds the credential of: the
 * site's server gives the browser that signed a credential when `addSession` succeeds (an HttpOnly
 * cookie, or a token the site holds), and `getSessions(caipNetworkId, address)` answers the
 * sessions that credential proves for that account — never the sessions stored for an address,
 * which anyone who connects a wallet claiming the address could ask for. The plugin signs a
 * visitor in only on such an answer (no credential, or one for another account or network: asked
 * again), and checks right after Sign that the credential took. `revokeSession` ends this
 * browser's sessions for the account, with the same credential.
 *
 * `createSessionsSiwx({ url })` (src/remote/siwx) is a ready-made config over the sessions service.
 * `addSession` must fail (throw) when the site's server refuses the signature: the visitor then
 * sees the sign-in error and may try again.
 */
import { AirlockError, ErrorCategory } from '../kernel/errors'
import type { SiwxSession } from './siwxSession'

export type { SiwxSession, SiwxSessionData } from './siwxSession'

/** Whom a nonce is for. */
export interface SiwxNonceInput {
  readonly caipNetworkId: string
  /** '' for a one-click sign-in over WalletConnect: the nonce is asked before the wallet names its account. */
  readonly address: string
}

/** The `siwx` option a site passes. */
export interface SiwxConfig {
  readonly required?: boolean
  readonly statement?: string
  readonly expiresInMs?: number
  getNonce(input: SiwxNonceInput): Promise<string>
  /** Keep a signed session; the browser then holds its credential. Throws when the server refuses. */
  addSession(session: SiwxSession): Promise<void>
  /** The live sessions this browser's credential holds for the account (SPEC §3, read above); none without one. */
  getSessions(caipNetworkId: string, address: string): Promise<readonly SiwxSession[]>
  /** End this browser's sessions for the account, with its credential. */
  revokeSession(caipNetworkId: string, address: string): Promise<void>
}

/**
 * The port: the config's calls and its message settings. A nonce is checked to be text here;
 * the sessions `getSessions` answers are decoded by the siwx plugin (./siwxSession.ts), so the
 * codecs load with it rather than with every page.
 */
export interface SiwxPort {
  readonly statement: string | undefined
  readonly expiresInMs: number
  getNonce(input: SiwxNonceInput): Promise<string>
  addSession(session: SiwxSession): Promise<void>
  getSessions(caipNetworkId: string, address: string): Promise<unknown>
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

const CALLBACKS = ['getNonce', 'addSession', 'getSessions', 'revokeSession'] as const

function invalidAnswer(what: string): AirlockError {
  return new AirlockError(`The siwx config's ${what} answered something else`, { category: ErrorCategory.INVALID_OPTIONS })
}

/**
 * The port over a site's `siwx` config; throws a clear INVALID_OPTIONS error when it is not one.
 * A nonce that is not text fails the call; sessions are decoded by the plugin.
 *
 * ```ts
 * const port = createSiwxPort(options.siwx)
 * await port.getSessions('eip155:1', '0xf39F…') // []
 * ```
 */
export function createSiwxPort(config: unknown): SiwxPort {
  const record = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>
  if (CALLBACKS.some((name) => typeof record[name] !== 'function')) {
    throw new AirlockError('Invalid options: siwx needs getNonce, addSession, getSessions and revokeSession functions', {
      category: ErrorCategory.INVALID_OPTIONS,
    })
  }
  const site = config as SiwxConfig
  const { statement, expiresInMs, required } = record
  if (required !== undefined && typeof required !== 'boolean')
    throw new AirlockError('Invalid options: siwx.required must be a boolean', { category: ErrorCategory.INVALID_OPTIONS })
  // EIP-4361: printable ASCII, one line (the message format refuses the rest at Sign; here it is the site's mistake).
  if (statement !== undefined && !(typeof statement === 'string' && /^[ -~]+$/.test(statement)))
    throw new AirlockError('Invalid options: siwx.statement must be printable ASCII text', { category: ErrorCategory.INVALID_OPTIONS })
  if (expiresInMs !== undefined && !(typeof expiresInMs === 'number' && Number.isFinite(expiresInMs) && expiresInMs > 0)) {
    throw new AirlockError('Invalid options: siwx.expiresInMs must be a positive number of milliseconds', { category: ErrorCategory.INVALID_OPTIONS })
  }
  return {
    statement: statement as string | undefined,
    expiresInMs: (expiresInMs as number | undefined) ?? DEFAULT_SIWX_EXPIRES_IN_MS,
    async getNonce(input) {
      const nonce: unknown = await site.getNonce(input)
      if (typeof nonce !== 'string') throw invalidAnswer('getNonce')
      return nonce
    },
    async addSession(session) {
      await site.addSession(session)
    },
    getSessions: (caipNetworkId, address) => site.getSessions(caipNetworkId, address),
    async revokeSession(caipNetworkId, address) {
      await site.revokeSession(caipNetworkId, address)
    },
  }
}
