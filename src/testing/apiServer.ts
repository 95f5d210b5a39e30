/**
 * A Blockchain API for a plugin's own tests (`airlock/testing`, Node only): a real HTTP server on
 * 127.0.0.1 that records what it receives and answers as the test says, and the real client
 * (`deps.api`, the one `createAirlock` makes) pointed at it. A feature's own paths are tested
 * through the request code the page runs: the query's sdk fields, the JSON body, the codec.
 *
 * ```ts
 * const server = await serveBlockchainApi((request, answer) => answer({ points: [1, 2] }))
 * const api = testBlockchainApi(server.url)
 * await api.request({ method: 'GET', path: '/v1/charts/eth', codec: Chart })
 * server.received[0] // { method: 'GET', path: '/v1/charts/eth', query: { projectId: 'test', st: 'airlock', sv: 'test' }, body: undefined }
 * await server.stop()
 * ```
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BlockchainApi } from '../ports/blockchainApi'
import { createBlockchainApi } from '../remote/blockchain/client'

/** A request the server received; `body` is its JSON, undefined when it had none. */
export interface ReceivedRequest {
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly body: unknown
}

/** Answers with JSON (status 200 unless said). */
export type Answer = (body: unknown, status?: number, headers?: Readonly<Record<string, string>>) => void

export type ApiHandler = (request: ReceivedRequest, answer: Answer, response: ServerResponse) => void

export interface TestApiServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly received: readonly ReceivedRequest[]
  stop(): Promise<void>
}

/** A server answering every request with `handler`; stop it when the test ends. */
export async function serveBlockchainApi(handler: ApiHandler): Promise<TestApiServer> {
  const received: ReceivedRequest[] = []
  const server = createServer((req: IncomingMessage, res) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (text += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      }
      received.push(request)
      const answer: Answer = (body, status = 200, headers = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(body))
      }
      handler(request, answer, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    stop: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The real Blockchain API client at `baseUrl` (project id 'test', sdk type 'airlock', version 'test'), with the global fetch. */
export function testBlockchainApi(
  baseUrl: string | undefined,
  options: { readonly projectId?: string; readonly fetch?: typeof globalThis.fetch } = {},
): BlockchainApi {
  return createBlockchainApi({
    baseUrl,
    projectId: options.projectId ?? 'test',
    sdkType: 'airlock',
    sdkVersion: 'test',
    fetch: options.fetch ?? globalThis.fetch,
  })
}
