/**
 * `createSessionsSiwx({ url })`: a ready-made `siwx` config (src/ports/siwx.ts) over the sessions
 * service (services/sessions, or a site's own server with the same four routes). Nonces come from
 * the service, sessions are verified and kept there (the fail-closed reference verifier,
 * `airlock/siwx`), never in the page's storage. Every answer is decoded with io-ts.
 *
 * ```ts
 * createAirlock({ ..., siwx: createSessionsSiwx({ url: 'https://example.com/auth', required: true }) })
 * ```
 */
import * as t from 'io-ts'
import type { SiwxConfig, SiwxSession } from '../../ports/siwx'
import { fetchJson } from '../fetchJson'

export interface SessionsSiwxOptions {
  /** The sessions service's base URL (its routes are under /v1). */
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
  const fetchImpl = options.fetch ?? (typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : undefined)
  const list = (caipNetworkId: string, address: string) =>
    fetchJson(fetchImpl, `${base}/v1/sessions?${new URLSearchParams({ address, chainId: caipNetworkId }).toString()}`, SessionsAnswer)
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
      const { sessions } = await list(caipNetworkId, address)
      // The fields of `data` are the plugin's to decode (SiwxSessions), in its own chunk.
      return sessions.map(({ id: _id, ...session }) => session) as unknown as SiwxSession[]
    },
    async revokeSession(caipNetworkId, address) {
      const { sessions } = await list(caipNetworkId, address)
      await Promise.all(sessions.map((s) => fetchJson(fetchImpl, `${base}/v1/sessions/${encodeURIComponent(s.id)}/revoke`, RevokedAnswer, { method: 'POST' })))
    },
  }
}
