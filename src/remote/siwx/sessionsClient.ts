/**
 * `createSessionsSiwx({ url })`: a ready-made `siwx` config (src/ports/siwx.ts) over the sessions
 * service (services/sessions, or a site's own server with the same routes). Nonces come from the
 * service, sessions are verified and kept there (the fail-closed reference verifier,
 * `airlock/siwx`), never in the page's storage. Every answer is decoded with io-ts.
 *
 * Sign-in is a credential, not a lookup: the service answers a sign-in with an HttpOnly cookie,
 * and reads and revokes sessions only for the browser that holds it, so every call here carries
 * cookies (`credentials: 'include'`; the service must be same-site with the page: the same origin,
 * another port or a subdomain). A cookie rather than a token kept by this code, because a token
 * the page can read, any script on the page can carry away; an HttpOnly cookie it cannot, and it
 * survives a reload with nothing in the page's storage. Without a credential (401) this browser
 * holds no session: `getSessions` answers none and the visitor is asked to sign in.
 *
 * ```ts
 * createAirlock({ ..., siwx: createSessionsSiwx({ url: 'https://example.com/auth', required: true }) })
 * ```
 */
import * as t from 'io-ts'
import type { SiwxConfig, SiwxSession } from '../../ports/siwx'
import { HttpStatusError } from '../../kernel/errors/http'
import { fetchJson } from '../fetchJson'

export interface SessionsSiwxOptions {
  /** The sessions service's base URL (its routes are under /v1); same-site with the page. */
  readonly url: string
  /** Sign-in required: Cancel disconnects and the modal cannot be closed unsigned (SPEC §2, §4). */
  readonly required?: boolean
  /** The statement the message carries. */
  readonly statement?: string
  /** How long a message is valid; default one day. */
  readonly expiresInMs?: number
  /** Default the page's fetch. */
  readonly fetch?: typeof globalThis.fetch
}

const NonceAnswer = t.type({ nonce: t.string })
const CreatedAnswer = t.type({ id: t.string })
// Each session's fields are decoded by the siwx plugin (src/ports/siwxSession.ts), with its chunk.
const SessionsAnswer = t.type({
  sessions: t.array(t.intersection([t.type({ id: t.string, data: t.unknown, message: t.string, signature: t.string }), t.partial({ cacao: t.unknown })])),
})
const RevokedAnswer = t.type({ revoked: t.boolean })

export function createSessionsSiwx(options: SessionsSiwxOptions): SiwxConfig {
  const base = options.url.replace(/\/+$/, '')
  const pageFetch = options.fetch ?? (typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : undefined)
  // Every call carries the credential cookie, and a sign-in's answer may set it.
  const fetchImpl: typeof globalThis.fetch | undefined = pageFetch && ((input, init) => pageFetch(input, { ...init, credentials: 'include' }))
  /** This browser's sessions for the account; none without a credential (401). */
  const list = async (caipNetworkId: string, address: string) => {
    try {
      const url = `${base}/v1/sessions?${new URLSearchParams({ address, chainId: caipNetworkId }).toString()}`
      return (await fetchJson(fetchImpl, url, SessionsAnswer)).sessions
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 401) return []
      throw error
    }
  }
  return {
    ...(options.required === undefined ? {} : { required: options.required }),
    ...(options.statement === undefined ? {} : { statement: options.statement }),
    ...(options.expiresInMs === undefined ? {} : { expiresInMs: options.expiresInMs }),
    async getNonce() {
      return (await fetchJson(fetchImpl, `${base}/v1/nonce`, NonceAnswer, { method: 'POST' })).nonce
    },
    async addSession(session) {
      await fetchJson(fetchImpl, `${base}/v1/sessions`, CreatedAnswer, { method: 'POST', body: session })
    },
    async getSessions(caipNetworkId, address) {
      // The fields of `data` are the plugin's to decode (SiwxSessions), in its own chunk.
      return (await list(caipNetworkId, address)).map(({ id: _id, ...session }) => session) as unknown as SiwxSession[]
    },
    async revokeSession(caipNetworkId, address) {
      const sessions = await list(caipNetworkId, address)
      await Promise.all(sessions.map((s) => fetchJson(fetchImpl, `${base}/v1/sessions/${encodeURIComponent(s.id)}/revoke`, RevokedAnswer, { method: 'POST' })))
    },
  }
}
