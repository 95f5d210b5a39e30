/**
 * A Blockchain API for effect tests (`airlock/testing`): its `request` answers each path with the
 * test's function, and the answer is decoded by the call's codec as the real client decodes it (one
 * that does not fit fails "HTTP request failed"). The port's own methods (balance, history, …) are
 * the ones given; any other call fails, naming itself. For the request code itself, on a real
 * server: `serveBlockchainApi` and `testBlockchainApi`.
 *
 * ```ts
 * const asked: unknown[] = []
 * const api = apiAnswering({ '/v1/charts/*': ({ path, query }) => (asked.push(query), { points: [1, 2] }) })
 * const deps = testDeps({ api })
 * ```
 */
import { isLeft } from '../kernel/either'
import { AirlockError, ErrorCategory } from '../kernel/errors'
import type { ApiQuery, BlockchainApi } from '../ports/blockchainApi'

/** What a call sent: its method, path (parameters encoded), query (without the sdk fields) and body. */
export interface AskedRequest {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly query: ApiQuery
  readonly body: unknown
}

/** The answer to a call (its JSON), or a rejection. */
export type PathAnswer = (request: AskedRequest) => unknown

/**
 * `paths`: a path (`/v1/onramp/options`) or a path's beginning ending in `*` (`/v1/profile/suggestions/*`)
 * → its answer. `methods`: the port's methods the test uses.
 */
export function apiAnswering(paths: Readonly<Record<string, PathAnswer>>, methods: Partial<BlockchainApi> = {}): BlockchainApi {
  const answerOf = (path: string): PathAnswer | undefined =>
    paths[path] ?? Object.entries(paths).find(([key]) => key.endsWith('*') && path.startsWith(key.slice(0, -1)))?.[1]
  const unanswered = (name: string) => () => Promise.reject(new Error(`apiAnswering: no answer for ${name} in this test`))
  return {
    baseUrl: 'http://api.test',
    projectId: 'test',
    supportedChains: unanswered('supportedChains'),
    identity: unanswered('identity'),
    history: unanswered('history'),
    balance: unanswered('balance'),
    nfts: unanswered('nfts'),
    profile: unanswered('profile'),
    reverseProfiles: unanswered('reverseProfiles'),
    ...methods,
    async request(call) {
      const answer = answerOf(call.path)
      if (!answer) throw new Error(`apiAnswering: no answer for ${call.method} ${call.path} in this test`)
      const decoded = call.codec.decode(await answer({ method: call.method, path: call.path, query: call.query ?? {}, body: call.body }))
      if (isLeft(decoded))
        throw new AirlockError('HTTP request failed', { category: ErrorCategory.NETWORK, details: `The answer of ${call.path} is not of its shape` })
      return decoded.right
    },
  }
}
