/**
 * The Blockchain API client against a real HTTP server on 127.0.0.1 that answers as SPEC §3 and
 * §7 say: each path with its method, query and body, the sdk type, sdk version and project id on
 * every call, answers decoded (extra fields pass), and the SPEC §8 failures: a status, a body that
 * is not JSON or not of the shape, a time-out, a rate limit with Retry-After, an abort, and no
 * base URL at all.
 */
import { afterEach, describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import type { BlockchainApi } from '../../ports/blockchainApi'
import { createBlockchainApi } from './client'
import { BLOCKCHAIN_API_NOT_CONFIGURED } from './notConfigured'
import type { BlockchainApiOptions } from './request'
import { recordingScheduler } from '../../../tests/support/recordingScheduler'

interface Received {
  readonly method: string
  readonly path: string
  readonly query: Record<string, string>
  readonly body: unknown
}
type Handler = (req: Received, res: ServerResponse, call: number) => void

let server: Server | undefined

async function serve(handler: Handler): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = []
  server = createServer((req: IncomingMessage, res) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (text += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const entry: Received = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text === '' ? undefined : JSON.parse(text),
      }
      received.push(entry)
      handler(entry, res, received.length)
    })
  })
  const listening = server
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, received }
}

afterEach(async () => {
  const closing = server
  server = undefined
  if (!closing) return
  closing.closeAllConnections()
  await new Promise<void>((resolve) => closing.close(() => resolve()))
})

const json = (res: ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

const SDK = { st: 'airlock', sv: 'airlock-test-1.0.0', projectId: 'p-123' }

function client(baseUrl: string | undefined, extra: Partial<BlockchainApiOptions> = {}): BlockchainApi {
  return createBlockchainApi({ baseUrl, projectId: SDK.projectId, sdkType: SDK.st, sdkVersion: SDK.sv, fetch, ...extra })
}

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const profile = { name: 'alice.wcn.id', addresses: { '60': { address: ADDRESS } }, attributes: [], registered: 1700000000 }
/**
 * One row per SPEC §7 path: the call, what the server must receive (method, path, query without
 * the sdk fields, body) and what it answers. Every answer carries an extra field the codec ignores.
 */
const PATHS: {
  readonly name: string
  readonly call: (api: BlockchainApi) => Promise<unknown>
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly query?: Record<string, string>
  readonly body?: unknown
  readonly answer: unknown
}[] = [
  {
    name: 'supported chains',
    call: (api) => api.supportedChains(),
    method: 'GET',
    path: '/v1/supported-chains',
    answer: { http: ['eip155:1', 'eip155:137'], ws: ['eip155:1'] },
  },
  {
    name: 'identity',
    call: (api) => api.identity({ address: ADDRESS, sender: ADDRESS }),
    method: 'GET',
    path: `/v1/identity/${ADDRESS}`,
    query: { sender: ADDRESS },
    answer: { name: 'vitalik.eth', avatar: null },
  },
  {
    name: 'history',
    call: (api) => api.history({ account: ADDRESS, cursor: 'c1', onramp: 'coinbase', chainId: 'eip155:1' }),
    method: 'GET',
    path: `/v1/account/${ADDRESS}/history`,
    query: { cursor: 'c1', onramp: 'coinbase', chainId: 'eip155:1' },
    answer: {
      data: [
        {
          id: 't1',
          metadata: { minedAt: '2024-01-01T00:00:00Z', chain: 'eip155:1', operationType: 'send', status: 'confirmed', sentFrom: ADDRESS, sentTo: ADDRESS },
          transfers: [{ fungible_info: { symbol: 'ETH', icon: { url: 'https://icons.test/eth.png' } }, quantity: { numeric: '0.5' }, direction: 'out' }],
        },
      ],
      next: null,
    },
  },
  {
    name: 'balance',
    call: (api) => api.balance({ address: ADDRESS, chainId: 'eip155:1', forceUpdate: 'true' }),
    method: 'GET',
    path: `/v1/account/${ADDRESS}/balance`,
    query: { currency: 'usd', chainId: 'eip155:1', forceUpdate: 'true' },
    answer: {
      balances: [
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: 'eip155:1',
          value: 3000,
          price: 3000,
          quantity: { decimals: '18', numeric: '1' },
          iconUrl: 'https://icons.test/eth.png',
        },
      ],
    },
  },
  {
    name: 'nfts',
    call: (api) => api.nfts({ address: ADDRESS, chainId: 'eip155:1', cursor: 'c2' }),
    method: 'GET',
    path: `/v1/account/${ADDRESS}/nfts`,
    query: { chainId: 'eip155:1', cursor: 'c2' },
    answer: {
      data: [
        {
          chainId: 'eip155:1',
          contract: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3',
          tokenId: '1',
          name: 'Airlock Collectible #1',
          collection: 'Airlock Demo Collectible',
          image: 'https://media.test/1.svg',
          flags: { is_spam: false },
        },
      ],
      next: null,
    },
  },
  {
    name: 'profile account',
    call: (api) => api.profile({ name: 'alice.wcn.id' }),
    method: 'GET',
    path: '/v1/profile/account/alice.wcn.id',
    query: { apiVersion: '2' },
    answer: profile,
  },
  {
    name: 'profile reverse',
    call: (api) => api.reverseProfiles({ address: ADDRESS, sender: ADDRESS }),
    method: 'GET',
    path: `/v1/profile/reverse/${ADDRESS}`,
    query: { sender: ADDRESS, apiVersion: '2' },
    answer: [profile],
  },
  {
    name: 'request (a path of a feature)',
    call: (api) =>
      api.request({
        method: 'POST',
        path: `/v1/charts/${encodeURIComponent('eip155:1')}`,
        query: { days: 7, assets: ['eth', 'usdc'], skip: undefined },
        body: { projectId: api.projectId, interval: 'day' },
        codec: t.type({ points: t.array(t.number) }),
      }),
    method: 'POST',
    path: '/v1/charts/eip155%3A1',
    query: { days: '7', assets: 'eth,usdc' },
    body: { projectId: SDK.projectId, interval: 'day' },
    answer: { points: [1, 2, 3] },
  },
]

describe('the Blockchain API paths (SPEC §7)', () => {
  for (const row of PATHS) {
    it(`${row.name}: ${row.method} ${row.path} with st, sv and projectId; the answer decoded`, async () => {
      const answer = Array.isArray(row.answer) ? row.answer : { ...(row.answer as object), extra: 'ignored' }
      const { url, received } = await serve((_req, res) => json(res, answer))
      // A base URL with a path keeps it.
      const result = await row.call(client(`${url}/api`))
      expect(result).toEqual(answer)
      expect(received).toHaveLength(1)
      expect(received[0]).toEqual({ method: row.method, path: `/api${row.path}`, query: { ...row.query, ...SDK }, body: row.body })
    })
  }

  it('covers every method of the port', () => {
    const methods = Object.keys(client('http://127.0.0.1:9')).filter((key) => key !== 'baseUrl' && key !== 'projectId')
    expect(methods).toHaveLength(PATHS.length)
  })
})

describe('Blockchain API failures (SPEC §8)', () => {
  it('fails "HTTP request failed" for an answer not of the shape SPEC names, and names the path', async () => {
    const { url } = await serve((_req, res) => json(res, { balances: [{ name: 'Ether', symbol: 'ETH' }] }))
    const error = await client(url)
      .balance({ address: ADDRESS })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AirlockError)
    expect(error).toMatchObject({ message: 'HTTP request failed', category: ErrorCategory.NETWORK })
    expect((error as AirlockError).details).toContain(`/v1/account/${ADDRESS}/balance`)
  })

  it('fails "HTTP status code: 500" with the server message, tried once', async () => {
    const { url, received } = await serve((_req, res) => json(res, { message: 'database on fire' }, 500))
    await expect(client(url).request({ method: 'GET', path: '/v1/onramp/options', codec: t.unknown })).rejects.toMatchObject({
      message: 'HTTP status code: 500',
      code: 500,
      details: 'database on fire',
    })
    expect(received).toHaveLength(1)
  })

  it('fails "HTTP request failed" for a body that is not JSON', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"url": "https://pay.test', 'utf8')
    })
    await expect(client(url).request({ method: 'POST', path: '/v1/generators/onrampurl', body: {}, codec: t.type({ url: t.string }) })).rejects.toMatchObject({
      message: 'HTTP request failed',
    })
  })

  it('fails "HTTP request failed" when nothing answers', async () => {
    const { url } = await serve((_req, res) => res.destroy())
    await expect(client(url).supportedChains()).rejects.toMatchObject({ message: 'HTTP request failed', category: ErrorCategory.NETWORK })
  })

  it('fails "The request took too long to respond" when the server never answers', async () => {
    const { url } = await serve(() => undefined)
    await expect(client(url, { timeoutMs: 50 }).supportedChains()).rejects.toMatchObject({ message: 'The request took too long to respond' })
  })

  it('waits out a 429 with a short Retry-After and tries again', async () => {
    const waits: number[] = []
    const { url, received } = await serve((_req, res, call) =>
      call === 1 ? json(res, { message: 'slow down' }, 429, { 'retry-after': '2' }) : json(res, { http: ['eip155:1'] }),
    )
    const api = client(url, { scheduler: recordingScheduler(waits) })
    await expect(api.supportedChains()).resolves.toEqual({ http: ['eip155:1'] })
    expect(received).toHaveLength(2)
    expect(waits).toEqual([2000])
  })

  it('fails a 429 whose Retry-After is long at once, saying how long to wait', async () => {
    const waits: number[] = []
    const { url, received } = await serve((_req, res) => json(res, { message: 'rate limited' }, 429, { 'retry-after': '60' }))
    const api = client(url, { scheduler: recordingScheduler(waits) })
    await expect(api.supportedChains()).rejects.toMatchObject({ message: 'HTTP status code: 429', code: 429, details: 'rate limited; Retry after 60 s' })
    expect(received).toHaveLength(1)
    expect(waits).toEqual([])
  })

  it('gives up on a 429 after 3 tries', async () => {
    const waits: number[] = []
    const { url, received } = await serve((_req, res) => json(res, {}, 429))
    const api = client(url, { scheduler: recordingScheduler(waits) })
    await expect(api.supportedChains()).rejects.toMatchObject({ message: 'HTTP status code: 429' })
    expect(received).toHaveLength(3)
    expect(waits).toEqual([150, 300])
  })

  it('fails "Request was aborted" when the caller aborts', async () => {
    const { url } = await serve(() => undefined)
    const controller = new AbortController()
    const pending = client(url).supportedChains({ signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(pending).rejects.toMatchObject({ message: 'Request was aborted' })
  })

  it('with no base URL, fails "Blockchain API not configured" saying how to set it, and sends nothing', async () => {
    let fetched = 0
    const counting: typeof fetch = (input, init) => {
      fetched++
      return fetch(input, init)
    }
    for (const baseUrl of [undefined, '']) {
      const api = client(baseUrl, { fetch: counting })
      expect(api.baseUrl).toBeUndefined()
      const error = await api.identity({ address: ADDRESS }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AirlockError)
      expect(error).toMatchObject({ message: BLOCKCHAIN_API_NOT_CONFIGURED, category: ErrorCategory.INVALID_OPTIONS })
      expect((error as AirlockError).details).toContain('apiUrls: { blockchain')
    }
    expect(fetched).toBe(0)
  })
})
