/**
 * Swap's own Blockchain API paths (./api, SPEC §7 /v1/convert/* and /v1/fungible/price) through the
 * real client against a real HTTP server on 127.0.0.1: each path with its method, query and body,
 * the sdk type, sdk version and project id added by the client, the answer decoded (extra fields
 * pass), and an answer not of the shape refused with SPEC §8's words.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { serveBlockchainApi, testBlockchainApi, type TestApiServer } from 'airlock/testing'
import type { BlockchainApi } from 'airlock/plugin'
import { buildConvertApprove, buildConvertTransaction, convertAllowance, convertGasPrice, convertQuotes, convertTokens, fungiblePrice } from './api'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SDK = { st: 'airlock', sv: 'test', projectId: 'p-123' }
const tx = {
  from: ADDRESS,
  to: '0x1111111111111111111111111111111111111111',
  data: '0x095ea7b3',
  value: '0x0',
  eip155: { gas: '21000', gasPrice: '1000000000' },
}

let server: TestApiServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

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
    name: 'convert quotes',
    call: (api) => convertQuotes(api, { amount: '1000', userAddress: ADDRESS, from: 'eip155:1:0xa', to: 'eip155:1:0xb', gasPrice: '7' }),
    method: 'GET',
    path: '/v1/convert/quotes',
    query: { amount: '1000', userAddress: ADDRESS, from: 'eip155:1:0xa', to: 'eip155:1:0xb', gasPrice: '7' },
    answer: { quotes: [{ id: null, fromAmount: '1000', fromAccount: 'eip155:1:0xa', toAmount: '990', toAccount: 'eip155:1:0xb' }] },
  },
  {
    name: 'convert tokens',
    call: (api) => convertTokens(api, { chainId: 'eip155:1' }),
    method: 'GET',
    path: '/v1/convert/tokens',
    query: { chainId: 'eip155:1' },
    answer: { tokens: [{ name: 'USD Coin', symbol: 'USDC', address: 'eip155:1:0xa0b8', decimals: 6, logoUri: 'https://icons.test/usdc.png' }] },
  },
  {
    name: 'convert allowance',
    call: (api) => convertAllowance(api, { tokenAddress: 'eip155:1:0xa0b8', userAddress: ADDRESS }),
    method: 'GET',
    path: '/v1/convert/allowance',
    query: { tokenAddress: 'eip155:1:0xa0b8', userAddress: ADDRESS },
    answer: { allowance: '0' },
  },
  {
    name: 'convert gas price',
    call: (api) => convertGasPrice(api, { chainId: 'eip155:1' }),
    method: 'GET',
    path: '/v1/convert/gas-price',
    query: { chainId: 'eip155:1' },
    answer: { standard: '1', fast: '2', instant: '3' },
  },
  {
    name: 'convert build transaction',
    call: (api) => buildConvertTransaction(api, { amount: '1000', slippage: 0.5, from: 'eip155:1:0xa', to: 'eip155:1:0xb', userAddress: ADDRESS }),
    method: 'POST',
    path: '/v1/convert/build-transaction',
    body: {
      amount: '1000',
      eip155: { slippage: '0.5' },
      projectId: SDK.projectId,
      from: 'eip155:1:0xa',
      to: 'eip155:1:0xb',
      userAddress: ADDRESS,
      disableEstimate: false,
    },
    answer: { tx },
  },
  {
    name: 'convert build approve',
    call: (api) => buildConvertApprove(api, { userAddress: ADDRESS, from: 'eip155:1:0xa', to: 'eip155:1:0xb' }),
    method: 'GET',
    path: '/v1/convert/build-approve',
    query: { userAddress: ADDRESS, from: 'eip155:1:0xa', to: 'eip155:1:0xb' },
    answer: { tx },
  },
  {
    name: 'fungible price',
    call: (api) => fungiblePrice(api, { currency: 'usd', addresses: ['eip155:1:0xa0b8'] }),
    method: 'POST',
    path: '/v1/fungible/price',
    body: { currency: 'usd', addresses: ['eip155:1:0xa0b8'], projectId: SDK.projectId },
    answer: { fungibles: [{ name: 'USD Coin', symbol: 'USDC', iconUrl: 'https://icons.test/usdc.png', price: 1 }] },
  },
]

describe("swap's Blockchain API paths (SPEC §7)", () => {
  for (const row of PATHS) {
    it(`${row.name}: ${row.method} ${row.path} with st, sv and projectId; the answer decoded`, async () => {
      const answer = { ...(row.answer as object), extra: 'ignored' }
      server = await serveBlockchainApi((_request, reply) => reply(answer))
      // A base URL with a path keeps it.
      const result = await row.call(testBlockchainApi(`${server.url}/api`, { projectId: SDK.projectId }))
      expect(result).toEqual(answer)
      expect(server.received).toEqual([{ method: row.method, path: `/api${row.path}`, query: { ...row.query, ...SDK }, body: row.body }])
    })
  }

  it('refuses an answer not of its shape with "HTTP request failed", naming the path', async () => {
    server = await serveBlockchainApi((_request, reply) => reply({ tokens: [{ symbol: 'USDC' }] }))
    const error = await convertTokens(testBlockchainApi(server.url), { chainId: 'eip155:1' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'HTTP request failed' })
    expect((error as { details?: string }).details).toContain('/v1/convert/tokens')
  })
})
