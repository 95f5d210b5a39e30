/**
 * The Activity tab's data (SPEC §3 transactions state and item, §4 transaction history, §5 "Fetching
 * transactions needs an account address", §7 the history path and "History fails", §9 activity on
 * eip155): the plugin, loaded by the plugin host from its manifest into a kernel with the core, its
 * `api` port the real Blockchain API client over the REAL self-hosted Blockchain API
 * (services/accountStack.mjs) indexing an anvil whose history spans months. The failure shapes the
 * real API does not produce on demand (500, malformed JSON, 429 with Retry-After) come from a tiny
 * local HTTP server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { of } from 'rxjs'
import { startAnvil, type Anvil } from '../../../services/chain/anvil.mjs'
import { DEMO_FRIEND, startAccountServices, type AccountServices } from '../../../services/accountStack.mjs'
import { createKernel } from '../../kernel/kernel'
import { createPluginHost } from '../../kernel/plugin'
import { createEvent, selectCurrentAccountTab, type RootState, type TransactionItem, type Features } from 'airlock/plugin'
import { coreModules } from '../../core/modules'
import { coreCommands } from '../../core/contributions/coreCommands'
import { resolveOptions } from '../../core/options/resolve'
import { defineChain } from '../../core/networks/defineChain'
import { ethereum } from '../../core/networks/chains/ethereum'
import { createBlockchainApi } from '../../remote/blockchain/client'
import { testDeps } from '../../../tests/support/testDeps'
import { machineSlowdown, idleMs } from '../../../tests/support/until'
import { activityPlugin } from './manifest'
import { activityCommands } from './commands'
import { selectActivityView } from './selectors'

const HOLDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let anvil: Anvil
let stack: AccountServices
let local: ReturnType<typeof defineChain>

beforeAll(async () => {
  // Genesis 400 days ago: the seeded transfers spread from then to an hour ago, over many months.
  anvil = await startAnvil({ timestamp: Math.floor(Date.now() / 1000) - 400 * 86_400 })
  stack = await startAccountServices({ chain: { chainId: anvil.chainId, rpcUrl: anvil.url } })
  local = defineChain({
    id: anvil.chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
}, idleMs(120_000))

afterAll(async () => {
  await stack?.stop()
  await anvil?.stop()
})

/**
 * Wait for `done` over real time (the API is a real HTTP server), 5 s of an idle machine's time at
 * most: on a busy one the service answers later, not never (tests/support/until.ts).
 */
async function settle(done: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms * machineSlowdown()
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** Let the effects and a round trip to the server run when nothing is expected to change. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 150))

/** Every page of an account's history, read from the API directly by following `next`. */
async function allPages(account: string, chainId: string): Promise<{ pages: TransactionItem[][] }> {
  const pages: TransactionItem[][] = []
  let cursor: string | null = null
  do {
    const url = new URL(`${stack.apiUrl}/v1/account/${encodeURIComponent(account)}/history`)
    url.searchParams.set('chainId', chainId)
    if (cursor) url.searchParams.set('cursor', cursor)
    const page = (await (await fetch(url)).json()) as { data: TransactionItem[]; next: string | null }
    pages.push(page.data)
    cursor = page.next
  } while (cursor)
  return { pages }
}

/**
 * A kernel with the core and the activity plugin (loaded by the host from its manifest), the
 * Blockchain API client at `baseUrl` over a `fetch` that records each history URL it is asked for.
 */
async function setup(
  baseUrl: string | undefined,
  options: { readonly otherTab?: boolean; readonly tokensTabLater?: boolean; readonly holdBack?: (url: URL) => Promise<void> | undefined } = {},
) {
  const calls: URL[] = []
  const recording: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname.endsWith('/history')) calls.push(url)
    const held = options.holdBack?.(url)
    return held ? held.then(() => fetch(input, init)) : fetch(input, init)
  }
  const deps = testDeps({ fetch: recording })
  const api = createBlockchainApi({ baseUrl, projectId: 'p', sdkType: 'airlock', sdkVersion: 't', fetch: recording })
  const kernel = createKernel({ modules: [...coreModules], deps: { ...deps, api } as never })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [local, ethereum] }).options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  if (options.otherTab) {
    // Another plugin's tab, loaded first, and first in SPEC §2's order (NFTs), so it is the tab
    // Account shows until Activity is chosen.
    kernel.dispatch(
      createEvent('PLUGIN_LOADED', {
        id: 'other',
        views: ['OtherTab'],
        accountTabs: [{ id: 'nfts', label: 'tab', view: 'OtherTab', namespaces: ['eip155'] }],
      }),
    )
  }
  const host = createPluginHost(kernel, [activityPlugin], of({ activity: true } as Features))
  await host.settled()
  if (options.tokensTabLater) {
    // The Tokens tab, loaded after Activity (its chunk came later): SPEC §2's order puts it first all the same.
    kernel.dispatch(
      createEvent('PLUGIN_LOADED', {
        id: 'tokens',
        views: ['AccountTokens'],
        accountTabs: [{ id: 'tokens', label: 'tab', view: 'AccountTokens', namespaces: ['eip155'] }],
      }),
    )
  }
  const state = () => kernel.getState() as RootState
  const connect = (address = HOLDER, chain = local.caipNetworkId) => {
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: chain }))
    kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'w', caipAddress: `${chain}:${address}` }))
    kernel.dispatch(
      createEvent('ACCOUNT_CONNECTED', {
        namespace: 'eip155',
        address,
        caipAddress: `${chain}:${address}`,
        allAccounts: [{ address, type: 'eoa' }],
        connectedWalletInfo: { name: 'W' },
      }),
    )
  }
  const open = () => kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
  const close = () => kernel.dispatch(createEvent('MODAL_CLOSE', { connected: true }))
  const loadMore = () => kernel.dispatch((s) => activityCommands.loadMore(s))
  const slice = () => state().activity!
  const idle = () => settle(() => !slice().loading)
  return { kernel, host, calls, state, slice, connect, open, close, loadMore, idle }
}

const ids = (items: readonly TransactionItem[]) => items.map((item) => item.id)
const monthOf = (item: TransactionItem) => {
  const at = new Date(item.metadata.minedAt)
  return `${at.getUTCFullYear()}-${at.getUTCMonth()}`
}

describe('transaction history from the self-hosted Blockchain API (SPEC §3, §4, §7)', () => {
  it('showing the tab reads the first page for the active CAIP-10 account on the active network, grouped by year then month', async () => {
    const { pages } = await allPages(`${local.caipNetworkId}:${HOLDER}`, local.caipNetworkId)
    expect(pages.length).toBeGreaterThanOrEqual(2)
    const { calls, slice, connect, open, idle, host } = await setup(stack.apiUrl)
    connect()
    await quiet()
    expect(calls).toEqual([])
    open()
    await settle(() => slice().pages === 1)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.pathname).toBe(`/v1/account/${encodeURIComponent(`${local.caipNetworkId}:${HOLDER}`)}/history`)
    expect(calls[0]?.searchParams.get('chainId')).toBe(local.caipNetworkId)
    expect(calls[0]?.searchParams.has('cursor')).toBe(false)
    const held = slice()
    expect(held).toMatchObject({
      account: `${local.caipNetworkId}:${HOLDER}`,
      lastNetworkInView: local.caipNetworkId,
      loading: false,
      empty: false,
      failed: false,
    })
    expect(held.next).toEqual(expect.any(String))
    expect(new Set(ids(held.transactions))).toEqual(new Set(ids(pages[0]!)))
    // Newest first.
    const times = held.transactions.map((item) => Date.parse(item.metadata.minedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    // Each item sits under the UTC year and month it was mined in, and nowhere else.
    const grouped = Object.entries(held.transactionsByYear).flatMap(([year, months]) =>
      Object.entries(months).flatMap(([month, items]) => items.map((item) => [`${year}-${month}`, item] as const)),
    )
    expect(grouped).toHaveLength(held.transactions.length)
    for (const [key, item] of grouped) expect(key).toBe(monthOf(item))
    expect(new Set(grouped.map(([key]) => key)).size).toBeGreaterThan(1)
    await idle()
    host.destroy()
  })

  it('"load more" follows the cursor to the end, one request at a time, with no item twice; showing the tab again keeps what was read', async () => {
    const { pages } = await allPages(`${local.caipNetworkId}:${HOLDER}`, local.caipNetworkId)
    const all = pages.flat()
    const { kernel, calls, slice, connect, open, close, loadMore, host } = await setup(stack.apiUrl)
    connect()
    open()
    await settle(() => slice().pages === 1)
    while (slice().next !== null) {
      const pagesBefore = slice().pages
      const cursor = slice().next
      loadMore()
      // Asked again while that page loads: nothing more is requested.
      loadMore()
      expect(slice().loading).toBe(true)
      await settle(() => slice().pages === pagesBefore + 1)
      expect(calls.at(-1)?.searchParams.get('cursor')).toBe(cursor)
    }
    expect(calls).toHaveLength(pages.length)
    expect(slice().pages).toBe(pages.length)
    expect(new Set(ids(slice().transactions))).toEqual(new Set(ids(all)))
    expect(slice().transactions).toHaveLength(new Set(ids(all)).size)
    const monthsHeld = Object.entries(slice().transactionsByYear).flatMap(([year, months]) => Object.keys(months).map((month) => `${year}-${month}`))
    expect(new Set(monthsHeld)).toEqual(new Set(all.map(monthOf)))
    // The log is the truth: folding it again gives the same history.
    expect(kernel.replay().activity).toEqual(slice())
    // At the end: no cursor, and the command asks for nothing.
    loadMore()
    await quiet()
    expect(calls).toHaveLength(pages.length)
    // The view: a header per month, every transaction once, nothing more to load.
    const view = selectActivityView(kernel.getState())
    expect(view.status).toBe('ready')
    expect(view.rows.filter((r) => r.kind === 'item')).toHaveLength(all.length)
    expect(view.rows.filter((r) => r.kind === 'month')).toHaveLength(new Set(all.map(monthOf)).size)
    expect(view.more).toBe(false)
    // Shown again: the first page is read again, and the pages after it stay read.
    close()
    open()
    await settle(() => calls.length === pages.length + 1 && !slice().loading)
    expect(calls.at(-1)?.searchParams.has('cursor')).toBe(false)
    expect(slice().transactions).toHaveLength(all.length)
    expect(slice().next).toBeNull()
    host.destroy()
  })

  it('another account starts over with its own history; an answer for the account left behind is dropped', async () => {
    const friend = `${local.caipNetworkId}:${DEMO_FRIEND}`
    const { pages } = await allPages(friend, local.caipNetworkId)
    // The holder's call goes out and is held back until the visitor has switched to the friend.
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { kernel, calls, slice, connect, open, idle, host } = await setup(stack.apiUrl, {
      holdBack: (url) => (url.pathname.includes(HOLDER) ? gate : undefined),
    })
    connect()
    open()
    await settle(() => calls.length === 1)
    connect(DEMO_FRIEND)
    await settle(() => slice().account === friend && slice().pages === 1)
    release()
    await quiet()
    await idle()
    expect(calls.map((url) => decodeURIComponent(url.pathname))).toEqual([
      `/v1/account/${local.caipNetworkId}:${HOLDER}/history`,
      `/v1/account/${friend}/history`,
    ])
    expect(
      kernel
        .log()
        .filter((e) => e.type === 'ACTIVITY_RECEIVED')
        .map((e) => e.payload.account),
    ).toEqual([friend])
    expect(slice().account).toBe(friend)
    expect(new Set(ids(slice().transactions))).toEqual(new Set(ids(pages[0]!)))
    const friendLower = DEMO_FRIEND.toLowerCase()
    for (const item of slice().transactions) expect([item.metadata.sentFrom.toLowerCase(), item.metadata.sentTo.toLowerCase()]).toContain(friendLower)
    host.destroy()
  })

  it('another network starts over (lastNetworkInView); one the API does not serve is not asked and fails as "History fails" (SPEC §7)', async () => {
    const { slice, connect, open, idle, calls, host, kernel } = await setup(stack.apiUrl)
    connect()
    open()
    await settle(() => slice().pages === 1)
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: ethereum.caipNetworkId }))
    await settle(() => slice().failed)
    // Not asked (the API would answer 400 for a network it does not serve: v1/supported-chains).
    expect(calls.map((url) => url.searchParams.get('chainId'))).toEqual([local.caipNetworkId])
    expect(slice()).toMatchObject({
      account: `${ethereum.caipNetworkId}:${HOLDER}`,
      lastNetworkInView: ethereum.caipNetworkId,
      transactions: [],
      empty: true,
      next: null,
    })
    expect(selectActivityView(kernel.getState()).status).toBe('failed')
    // Back: read from the start again.
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: local.caipNetworkId }))
    await settle(() => slice().lastNetworkInView === local.caipNetworkId && slice().pages === 1)
    await idle()
    expect(slice().transactions.length).toBeGreaterThan(0)
    expect(slice().failed).toBe(false)
    host.destroy()
  })

  it('reads only while the Activity tab is on screen: not on another tab, not with the modal closed', async () => {
    const { kernel, calls, slice, connect, open, host } = await setup(stack.apiUrl, { otherTab: true })
    connect()
    open()
    await quiet()
    expect(calls).toHaveLength(0)
    expect(slice().account).toBeNull()
    kernel.dispatch((s) => coreCommands.chooseAccountTab(s, { moduleId: 'activity', id: 'activity' }))
    await settle(() => slice().pages === 1)
    expect(calls).toHaveLength(1)
    // Closed: an account change reads nothing until the tab is on screen again.
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: true }))
    connect(DEMO_FRIEND)
    await quiet()
    expect(calls).toHaveLength(1)
    host.destroy()
  })

  it('reads nothing while Tokens is on screen, though Activity loaded first (the tabs follow SPEC §2’s order, not the load order)', async () => {
    const { kernel, calls, slice, connect, open, host } = await setup(stack.apiUrl, { tokensTabLater: true })
    connect()
    open()
    expect(selectCurrentAccountTab(kernel.getState())?.id).toBe('tokens')
    await quiet()
    expect(calls).toHaveLength(0)
    expect(slice().account).toBeNull()
    kernel.dispatch((s) => coreCommands.chooseAccountTab(s, { moduleId: 'activity', id: 'activity' }))
    await settle(() => slice().pages === 1)
    expect(calls).toHaveLength(1)
    host.destroy()
  })

  it('with no address nothing is asked for (SPEC §5)', async () => {
    const { kernel, calls, connect, open, host } = await setup(stack.apiUrl)
    connect()
    kernel.dispatch(createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: null, caipAddress: `${local.caipNetworkId}:${HOLDER}`, allAccounts: [] }))
    open()
    await quiet()
    expect(calls).toHaveLength(0)
    expect(selectActivityView(kernel.getState()).status).toBe('none')
    host.destroy()
  })

  it('with no Blockchain API configured nothing is called and the tab shows its empty state', async () => {
    const { kernel, calls, slice, connect, open, host } = await setup(undefined)
    connect()
    open()
    await settle(() => slice().empty)
    expect(calls).toHaveLength(0)
    expect(slice()).toMatchObject({ empty: true, failed: false, loading: false, next: null })
    expect(selectActivityView(kernel.getState()).status).toBe('empty')
    host.destroy()
  })

  it('disconnecting clears the transactions (SPEC §4 reset)', async () => {
    const { kernel, slice, connect, open, idle, host } = await setup(stack.apiUrl)
    connect()
    open()
    await settle(() => slice().pages === 1)
    await idle()
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: null }))
    expect(slice()).toMatchObject({ account: null, transactions: [], transactionsByYear: {}, next: null })
    host.destroy()
  })
})

/** A tiny local API for the failure shapes: each history call takes the next answer; it serves the local chain. */
interface Answer {
  readonly status: number
  readonly body: string
  readonly headers?: Readonly<Record<string, string>>
}
let failing: Server | undefined
afterEach(async () => {
  const closing = failing
  failing = undefined
  closing?.closeAllConnections()
  await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()))
})

async function failingApi(answers: Answer[]): Promise<string> {
  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
    res.end(answer.body)
  }
  failing = createServer((req, res) => {
    // The networks it serves: the local chain (the history is asked only of a served one).
    if (req.url?.startsWith('/v1/supported-chains')) return send(res, { status: 200, body: JSON.stringify({ http: [local.caipNetworkId] }) })
    send(res, answers.shift() ?? { status: 500, body: '{"error":"no more answers"}' })
  })
  await new Promise<void>((resolve) => failing!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(failing.address() as AddressInfo).port}`
}

/** A page as the real API answers it, from its own answer (the first page of the holder). */
async function realFirstPage(): Promise<{ data: TransactionItem[]; next: string }> {
  const { pages } = await allPages(`${local.caipNetworkId}:${HOLDER}`, local.caipNetworkId)
  return { data: pages[0]!, next: 'next-page' }
}

describe('history fails: empty state, "Failed to fetch transactions", the cursor cleared (SPEC §4, §7, §8)', () => {
  const cases: [string, Answer[]][] = [
    ['a 500', [{ status: 500, body: '{"error":"down"}' }]],
    ['malformed JSON', [{ status: 200, body: '{"data": [' }]],
    ['JSON not of the history shape', [{ status: 200, body: '{"data": [{"id": 1}], "next": null}' }]],
    ['a 429 whose Retry-After is too long to wait', [{ status: 429, body: '{"error":"slow down"}', headers: { 'retry-after': '120' } }]],
  ]
  for (const [name, answers] of cases) {
    it(`on ${name}`, async () => {
      const url = await failingApi(answers)
      const { kernel, calls, slice, connect, open, host } = await setup(url)
      connect()
      open()
      await settle(() => slice().failed)
      expect(calls).toHaveLength(1)
      expect(slice()).toMatchObject({ failed: true, empty: true, loading: false, next: null, transactions: [], transactionsByYear: {} })
      expect(selectActivityView(kernel.getState()).status).toBe('failed')
      host.destroy()
    })
  }

  it('a 429 with a short Retry-After is waited out and tried again', async () => {
    const page = await realFirstPage()
    const url = await failingApi([
      { status: 429, body: '{"error":"slow down"}', headers: { 'retry-after': '1' } },
      { status: 200, body: JSON.stringify(page) },
    ])
    const { calls, slice, connect, open, host } = await setup(url)
    connect()
    open()
    await settle(() => slice().pages === 1 || slice().failed)
    expect(calls).toHaveLength(2)
    expect(slice()).toMatchObject({ failed: false, next: 'next-page' })
    expect(slice().transactions).toHaveLength(page.data.length)
    host.destroy()
  })

  it('a failed "load more" empties the list and clears the cursor; retry reads the first page again', async () => {
    const page = await realFirstPage()
    const url = await failingApi([
      { status: 200, body: JSON.stringify(page) },
      { status: 503, body: '{"error":"down"}' },
      { status: 200, body: JSON.stringify(page) },
    ])
    const { kernel, calls, slice, connect, open, loadMore, host } = await setup(url)
    connect()
    open()
    await settle(() => slice().pages === 1)
    loadMore()
    await settle(() => slice().failed)
    expect(calls.at(-1)?.searchParams.get('cursor')).toBe('next-page')
    expect(slice()).toMatchObject({ failed: true, empty: true, next: null, transactions: [] })
    // Without a cursor, "load more" asks for nothing.
    loadMore()
    await quiet()
    expect(calls).toHaveLength(2)
    kernel.dispatch((s) => activityCommands.retry(s))
    await settle(() => slice().pages === 1)
    expect(calls).toHaveLength(3)
    expect(calls.at(-1)?.searchParams.has('cursor')).toBe(false)
    expect(slice()).toMatchObject({ failed: false, empty: false, next: 'next-page' })
    host.destroy()
  })
})
