/**
 * The Tokens tab's data (SPEC §3 token balance, §5 the 30 s block and decimals 0, §7 balance and
 * supported chains, §9 the 30 s cache): the plugin's module in a kernel with the core, its `api`
 * port the real Blockchain API client, over a local HTTP server that answers as the API does.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createKernel } from '../../kernel/kernel'
import { createEvent } from 'airlock/plugin'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { polygon } from '../../core/networks/chains/polygon'
import { createBlockchainApi } from '../../remote/blockchain/client'
import { testDeps } from '../../../tests/support/testDeps'
import tokensModule from './index'
import { selectTokensView } from './selectors'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const balance = (symbol: string, value: number, decimals = '18') => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  value,
  price: 1,
  quantity: { decimals, numeric: String(value) },
  iconUrl: 'https://example.test/icon.png',
})

/** Wait for `done` over real time (the API is a real HTTP server), 3 s at most. */
async function settle(done: () => boolean, _rounds?: number, ms = 3000): Promise<void> {
  const end = Date.now() + ms
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** Let the effects and a round trip to the server run when nothing is expected to change. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 100))

let server: Server | undefined
afterEach(async () => {
  const closing = server
  server = undefined
  closing?.closeAllConnections()
  await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()))
})

/** The API: supported chains, and balance answers taken in order (a number is an HTTP status). */
async function api(answers: (object | number)[], chains = ['eip155:1']) {
  const calls: string[] = []
  const json = (res: ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    calls.push(path)
    if (path === '/v1/supported-chains') return json(res, { http: chains, ws: [] })
    const answer = answers.shift() ?? { balances: [] }
    return typeof answer === 'number' ? json(res, { error: 'down' }, answer) : json(res, answer)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, balanceCalls: () => calls.filter((p) => p.endsWith('/balance')).length }
}

async function setup(url: string) {
  let now = 1_000_000
  const deps = testDeps({ fetch, clock: { now: () => now } })
  const kernel = createKernel({
    modules: [...coreModules, tokensModule],
    deps: { ...deps, api: createBlockchainApi({ baseUrl: url, projectId: 'p', sdkType: 'airlock', sdkVersion: 't', fetch }) } as never,
  })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum, polygon] }).options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  const connect = (chain = 'eip155:1') => {
    kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'w', caipAddress: `${chain}:${ADDRESS}` }))
    kernel.dispatch(
      createEvent('ACCOUNT_CONNECTED', {
        namespace: 'eip155',
        address: ADDRESS,
        caipAddress: `${chain}:${ADDRESS}`,
        allAccounts: [{ address: ADDRESS, type: 'eoa' }],
        connectedWalletInfo: { name: 'W' },
      }),
    )
  }
  return { kernel, connect, advance: (ms: number) => void (now += ms) }
}

describe('token balances (SPEC §3, §5, §7, §9)', () => {
  it('reads the connected account’s balances: decimals-0 items dropped, highest value first, the total in USD', async () => {
    const server = await api([{ balances: [balance('ADD', 5), balance('NFT', 1, '0'), balance('ETH', 30)] }])
    const { kernel, connect } = await setup(server.url)
    connect()
    await settle(() => selectTokensView(kernel.getState()).status === 'ready', 200)
    const view = selectTokensView(kernel.getState())
    expect(view.balances.map((b) => b.symbol)).toEqual(['ETH', 'ADD'])
    expect(view.total).toBe(35)
    expect(selectTokensView(kernel.getState())).toBe(view)
  })

  it('opening the modal within 30 s reads nothing (cache); after 30 s it reads again', async () => {
    const server = await api([{ balances: [balance('ETH', 30)] }, { balances: [balance('ETH', 31)] }])
    const { kernel, connect, advance } = await setup(server.url)
    connect()
    await settle(() => selectTokensView(kernel.getState()).status === 'ready', 200)
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await quiet()
    expect(server.balanceCalls()).toBe(1)
    advance(30_000)
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await settle(() => selectTokensView(kernel.getState()).total === 31, 200)
    expect(server.balanceCalls()).toBe(2)
  })

  it('a failure says "Token Balance Unavailable" and blocks the next read for 30 s; then it recovers', async () => {
    const server = await api([500, { balances: [balance('ETH', 30)] }])
    const { kernel, connect, advance } = await setup(server.url)
    connect()
    await settle(() => selectTokensView(kernel.getState()).status === 'unavailable', 200)
    expect(kernel.getState().notifications).toMatchObject({ variant: 'error', text: { key: 'balanceUnavailable' } })
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await quiet()
    expect(server.balanceCalls()).toBe(1)
    advance(30_000)
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    await settle(() => selectTokensView(kernel.getState()).status === 'ready', 200)
    expect(server.balanceCalls()).toBe(2)
  })

  it('on a network the API does not support it does not call, and says "Token Balance Unavailable"', async () => {
    const server = await api([{ balances: [balance('POL', 3)] }], ['eip155:1'])
    const { kernel, connect } = await setup(server.url)
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:137' }))
    connect('eip155:137')
    await settle(() => selectTokensView(kernel.getState()).status === 'unavailable', 200)
    expect(server.balanceCalls()).toBe(0)
    expect(kernel.getState().notifications).toMatchObject({ variant: 'error', text: { key: 'balanceUnavailable' } })
  })
})
