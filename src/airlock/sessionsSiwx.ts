/**
 * `createSessionsSiwx(options)`: the site's sign-in config over the sessions service (SPEC §3 SIWX
 * session; the client is src/remote/siwx/sessionsClient.ts). The options are read at once; the
 * client (its requests and its answers' codecs) is a chunk fetched at the first call, when the
 * visitor signs in or a session is looked up (issue 27 §1: not in the first load of a site that
 * uses it). A fetch of that chunk that fails is tried again at the next call.
 *
 * ```ts
 * createAirlock({ projectId, networks, siwx: createSessionsSiwx({ url: 'https://sessions.example' }) })
 * ```
 */
import type { SiwxConfig } from '../ports/siwx'
import type { SessionsSiwxOptions } from '../remote/siwx/sessionsClient'

export type { SessionsSiwxOptions } from '../remote/siwx/sessionsClient'

export function createSessionsSiwx(options: SessionsSiwxOptions): SiwxConfig {
  let loaded: Promise<SiwxConfig> | undefined
  const client = (): Promise<SiwxConfig> =>
    (loaded ??= import('../remote/siwx/sessionsClient').then(
      (m) => m.createSessionsSiwx(options),
      (error: unknown) => {
        loaded = undefined
        throw error
      },
    ))
  return {
    ...(options.required === undefined ? {} : { required: options.required }),
    ...(options.statement === undefined ? {} : { statement: options.statement }),
    ...(options.expiresInMs === undefined ? {} : { expiresInMs: options.expiresInMs }),
    getNonce: (input) => client().then((c) => c.getNonce(input)),
    addSession: (session) => client().then((c) => c.addSession(session)),
    getSessions: (caipNetworkId, address) => client().then((c) => c.getSessions(caipNetworkId, address)),
    revokeSession: (caipNetworkId, address) => client().then((c) => c.revokeSession(caipNetworkId, address)),
  }
}
