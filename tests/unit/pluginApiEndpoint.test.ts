/**
 * Issue 26 §1 "Blockchain API endpoints (a plugin contributes its client)": a plugin written outside
 * the project adds a path of its own to the Blockchain API without editing the core. Its effect
 * calls `deps.api.request` with its path, query and codec on a real `createAirlock`, against a real
 * HTTP server on 127.0.0.1: the request carries the site's base URL and the sdk and project query
 * parameters, the answer comes back decoded by the plugin's codec, and an answer not of that shape
 * fails with SPEC §8's "HTTP request failed". With no base URL, the call fails "Blockchain API not
 * configured" and nothing is sent.
 */
import { afterEach, describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { EMPTY } from 'rxjs'
import { createAirlock, ethereum, type AirlockInstance } from 'airlock'
import { defineModule, definePlugin, type ApiRequest, type PortDeps } from 'airlock/plugin'
import { serveBlockchainApi, type TestApiServer } from 'airlock/testing'
import { memoryStorage } from '../../src/kernel/deps'

/** The plugin's own endpoint: GET /v1/charts/{caip2}?days, answering `{ points }`. */
const Chart = t.type({ points: t.array(t.number) })
const chartCall = (caipNetworkId: string, days: number): ApiRequest<t.TypeOf<typeof Chart>> => ({
  method: 'GET',
  path: `/v1/charts/${encodeURIComponent(caipNetworkId)}`,
  query: { days },
  codec: Chart,
})

/** A plugin whose effect asks for a chart when it starts and records the outcome. */
function chartsPlugin(outcome: { points?: readonly number[]; error?: unknown }, done: () => void) {
  return definePlugin({
    id: 'charts',
    enabledBy: () => true,
    load: async () => ({
      default: defineModule<null, PortDeps>({
        id: 'charts',
        initialState: null,
        effects: {
          start: (_events$, _state$, { api }) => {
            Promise.resolve()
              .then(() => api.request(chartCall('eip155:1', 7)))
              .then(({ points }) => void (outcome.points = points))
              .catch((error: unknown) => void (outcome.error = error))
              .finally(done)
            return EMPTY
          },
        },
      }),
    }),
  })
}

let server: TestApiServer | undefined
const running: AirlockInstance[] = []
afterEach(async () => {
  running.splice(0).forEach((airlock) => airlock.destroy())
  await server?.stop()
  server = undefined
})

async function run(blockchain: string | undefined) {
  const outcome: { points?: readonly number[]; error?: unknown } = {}
  let finish = () => {}
  const finished = new Promise<void>((resolve) => (finish = resolve))
  const airlock = createAirlock(
    {
      projectId: 'p-charts',
      networks: [ethereum],
      disableAppend: true,
      apiUrls: { config: 'http://127.0.0.1:9/api', ...(blockchain !== undefined && { blockchain }) },
      plugins: [chartsPlugin(outcome, () => finish())],
    },
    { deps: { storage: memoryStorage(), fetch: globalThis.fetch, window: undefined, logger: { warn() {}, error() {} } } },
  )
  running.push(airlock)
  await airlock.ready()
  await finished
  return outcome
}

describe("a plugin's own Blockchain API endpoint, through deps.api.request", () => {
  it('is called at the site’s base URL with the sdk and project parameters, and its answer decoded by the plugin’s codec', async () => {
    server = await serveBlockchainApi((request, answer) =>
      answer(request.path.endsWith('/v1/charts/eip155%3A1') ? { points: [1, 2, 3], extra: 'kept' } : {}, 200),
    )
    const outcome = await run(`${server.url}/api`)
    expect(outcome).toEqual({ points: [1, 2, 3] })
    expect(server.received).toHaveLength(1)
    expect(server.received[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/charts/eip155%3A1',
      query: { days: '7', projectId: 'p-charts', st: expect.any(String), sv: expect.any(String) },
    })
  })

  it('fails "HTTP request failed" when the answer is not of the plugin’s shape', async () => {
    server = await serveBlockchainApi((_request, answer) => answer({ points: 'none' }))
    const outcome = await run(server.url)
    expect(outcome.points).toBeUndefined()
    expect(outcome.error).toMatchObject({ message: 'HTTP request failed' })
  })

  it('fails "Blockchain API not configured" with no base URL, and sends nothing', async () => {
    server = await serveBlockchainApi((_request, answer) => answer({ points: [] }))
    const outcome = await run(undefined)
    expect(outcome.error).toMatchObject({ message: 'Blockchain API not configured' })
    expect(server.received).toEqual([])
  })
})
