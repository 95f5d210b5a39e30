import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { resolveOptions } from '../options/resolve'
import { walletCatalogModule } from './module'
import { changeWalletSearch, requestWalletPage } from './commands'
import { selectFeaturedWallets, selectRecommendedWallets, selectSearchResults, selectWalletCatalog, selectWallets } from './selectors'
import { orderByIds } from './effects'

const CONFIG_BASE = 'http://config.test/api'
const CATALOG = Array.from({ length: 130 }, (_, i) => ({ id: `w${i}`, name: i === 7 ? 'Rainbow' : i === 8 ? 'Rainbow Pro' : `Wallet ${i}` }))

type Answer = Response | 'hang'
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * A stand-in for the provider configuration API's /getWallets (SPEC §7): filters by include,
 * exclude and search (name, case-insensitive), pages by page and entries, answers `{ data, count }`.
 * `override` replaces the answer of a call (a 500, a bad body, a request that never ends).
 */
function walletsApi(override?: (url: URL) => Answer | undefined) {
  const calls: URL[] = []
  const aborted: string[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input))
    calls.push(url)
    const q = url.searchParams
    const answer =
      override?.(url) ??
      (() => {
        if (url.pathname !== '/api/getWallets') return json({ message: 'not found' }, 404)
        const include = q.get('include')?.split(',')
        const exclude = q.get('exclude')?.split(',') ?? []
        const search = q.get('search')?.toLowerCase()
        const matching = CATALOG.filter(
          (w) => (!include || include.includes(w.id)) && !exclude.includes(w.id) && (!search || w.name.toLowerCase().includes(search)),
        )
        const page = Number(q.get('page'))
        const entries = Number(q.get('entries'))
        return json({ data: matching.slice((page - 1) * entries, page * entries), count: matching.length })
      })()
    if (answer === 'hang') {
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => {
          aborted.push(url.searchParams.get('search') ?? url.pathname)
          reject(new DOMException('aborted', 'AbortError'))
        }),
      )
    }
    return Promise.resolve(answer)
  }
  return { fetch, calls, aborted }
}

function start(api: ReturnType<typeof walletsApi>, input: Record<string, unknown> = {}) {
  const scheduler = new VirtualTimeScheduler()
  const deps = defaultDeps({ storage: memoryStorage(), scheduler, fetch: api.fetch, logger: { warn() {}, error() {} } })
  const kernel = createKernel({ modules: [walletCatalogModule], deps })
  const { options } = resolveOptions({ projectId: 'p1', apiUrls: { config: CONFIG_BASE }, ...input })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  const advanceTo = (ms: number): void => {
    // A no-op at `ms` moves the virtual clock there even when no timer is due.
    scheduler.schedule(() => undefined, ms - scheduler.now())
    scheduler.maxFrames = ms
    scheduler.flush()
  }
  return { kernel, scheduler, advanceTo }
}

/** Let the fake fetch's promises and the response bodies settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

const after = (kernel: Kernel, type: string): AirlockEvent[] => kernel.log().filter((e) => e.type === type)
const params = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? [])
const ids = (list: readonly { id: string }[]) => list.map((w) => w.id)

describe('loadWalletLists (SPEC §7 /getWallets, §9 featured 4, recommended 4)', () => {
  it('loads featured by include (at most 4, in the site order) and 4 recommended without the featured', async () => {
    const api = walletsApi()
    const { kernel } = start(api, { featuredWalletIds: ['w9', 'w2', 'w5', 'w3', 'w4'], excludeWalletIds: ['w0'] })
    await settle()
    const featuredCall = api.calls.find((u) => u.searchParams.has('include'))
    expect(params(featuredCall)).toEqual({
      page: '1',
      entries: '4',
      include: 'w9,w2,w5,w3',
      chains: 'eip155:1',
      projectId: 'p1',
      st: 'airlock',
      sv: 'airlock-html-4.2.2',
    })
    const recommendedCall = api.calls.find((u) => !u.searchParams.has('include'))
    expect(params(recommendedCall)).toMatchObject({ page: '1', entries: '4', exclude: 'w0,w9,w2,w5,w3,w4' })
    expect(ids(selectFeaturedWallets(kernel.getState()))).toEqual(['w9', 'w2', 'w5', 'w3'])
    expect(ids(selectRecommendedWallets(kernel.getState()))).toEqual(['w1', 'w6', 'w7', 'w8'])
    expect(after(kernel, 'WALLET_LISTS_LOADED')).toHaveLength(1)
    expect(selectWalletCatalog(kernel.getState()).count).toBe(124)
  })

  it('makes no featured call without featured ids, and recommends the included wallets (SPEC §3 includeWalletIds)', async () => {
    const api = walletsApi()
    const { kernel } = start(api, { includeWalletIds: ['w20', 'w21'] })
    await settle()
    expect(api.calls).toHaveLength(1)
    expect(params(api.calls[0])).toMatchObject({ entries: '4', include: 'w20,w21' })
    expect(selectFeaturedWallets(kernel.getState())).toEqual([])
    expect(ids(selectRecommendedWallets(kernel.getState()))).toEqual(['w20', 'w21'])
  })

  it('asks nothing without a project id (SPEC §5)', async () => {
    const api = walletsApi()
    const { kernel } = start(api, { projectId: '' })
    kernel.dispatch(requestWalletPage(1))
    kernel.dispatch(changeWalletSearch('rain'))
    await settle()
    expect(api.calls).toEqual([])
    expect(selectWalletCatalog(kernel.getState()).loading).toBe(false)
  })

  it('a 500 answer fails with "HTTP status code: 500" and keeps the lists (SPEC §8)', async () => {
    const api = walletsApi(() => json({ message: 'boom' }, 500))
    const { kernel } = start(api, { featuredWalletIds: ['w1'] })
    await settle()
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP status code: 500' }])
    expect(selectRecommendedWallets(kernel.getState())).toEqual([])
  })
})

describe('loadWalletPages (SPEC §7 /getWallets, §9 page size 40)', () => {
  it('loads page N with 40 entries and appends it, each wallet once', async () => {
    const api = walletsApi()
    const { kernel } = start(api)
    await settle()
    kernel.dispatch(requestWalletPage(1))
    expect(selectWalletCatalog(kernel.getState()).loading).toBe(true)
    await settle()
    kernel.dispatch(requestWalletPage(2))
    kernel.dispatch(requestWalletPage(2))
    await settle()
    const pageCalls = api.calls.filter((u) => u.searchParams.get('entries') === '40')
    expect(pageCalls.map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '2'])
    expect(params(pageCalls[0])).toMatchObject({ chains: 'eip155:1', projectId: 'p1', st: 'airlock', sv: 'airlock-html-4.2.2' })
    // The 4 recommended show above the list, so the pages leave them out.
    expect(pageCalls[0]?.searchParams.get('exclude')).toBe('w0,w1,w2,w3')
    const wallets = selectWallets(kernel.getState())
    expect(wallets).toHaveLength(80)
    expect(new Set(ids(wallets)).size).toBe(80)
    expect(wallets[0]?.id).toBe('w4')
    expect(selectWalletCatalog(kernel.getState())).toMatchObject({ page: 2, count: 126, loading: false })
  })

  it('a body of the wrong shape fails with "HTTP request failed" and the state keeps what it had (SPEC §8)', async () => {
    let bad = false
    const api = walletsApi(() => (bad ? json({ data: [{ id: 1 }], count: '3' }) : undefined))
    const { kernel } = start(api)
    await settle()
    kernel.dispatch(requestWalletPage(1))
    await settle()
    const before = selectWallets(kernel.getState())
    bad = true
    kernel.dispatch(requestWalletPage(2))
    await settle()
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP request failed' }])
    expect(selectWallets(kernel.getState())).toBe(before)
    expect(selectWalletCatalog(kernel.getState())).toMatchObject({ page: 1, loading: false, error: 'HTTP request failed' })
  })

  it('a request that never ends fails after 10 s on the scheduler with the SPEC §8 time-out message', async () => {
    const api = walletsApi((url) => (url.searchParams.get('entries') === '40' ? 'hang' : undefined))
    const { kernel, advanceTo } = start(api)
    await settle()
    kernel.dispatch(requestWalletPage(1))
    await settle()
    advanceTo(10_000)
    await settle()
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'The request took too long to respond' }])
  })
})

describe('searchWallets (SPEC §7, §9 search 100 entries, minimum wait 300 ms)', () => {
  it('searches with 100 entries, not before 300 ms after the keystroke', async () => {
    const api = walletsApi()
    const { kernel, advanceTo } = start(api)
    await settle()
    const before = api.calls.length
    kernel.dispatch(changeWalletSearch('rain'))
    advanceTo(299)
    await settle()
    expect(api.calls).toHaveLength(before)
    advanceTo(300)
    await settle()
    const search = api.calls.at(-1)
    expect(params(search)).toEqual({ page: '1', entries: '100', search: 'rain', chains: 'eip155:1', projectId: 'p1', st: 'airlock', sv: 'airlock-html-4.2.2' })
    expect(ids(selectSearchResults(kernel.getState()))).toEqual(['w7', 'w8'])
    expect(after(kernel, 'WALLET_SEARCH_LOADED').map((e) => e.payload)).toEqual([{ query: 'rain', wallets: [CATALOG[7], CATALOG[8]] }])
  })

  it('a newer query restarts the wait and cancels the older one, its request included (SPEC §9)', async () => {
    const api = walletsApi((url) => (url.searchParams.get('search') === 'wallet' ? 'hang' : undefined))
    const { kernel, advanceTo } = start(api)
    await settle()
    kernel.dispatch(changeWalletSearch('r'))
    advanceTo(200)
    kernel.dispatch(changeWalletSearch('wallet'))
    advanceTo(500)
    await settle()
    kernel.dispatch(changeWalletSearch('rainbow pro'))
    advanceTo(799)
    await settle()
    expect(api.aborted).toEqual(['wallet'])
    expect(api.calls.map((u) => u.searchParams.get('search')).filter(Boolean)).toEqual(['wallet'])
    advanceTo(800)
    await settle()
    expect(after(kernel, 'WALLET_SEARCH_LOADED').map((e) => e.payload)).toEqual([{ query: 'rainbow pro', wallets: [CATALOG[8]] }])
  })

  it('an empty query clears the search at once and cancels a pending one (SPEC §3)', async () => {
    const api = walletsApi()
    const { kernel, advanceTo, scheduler } = start(api)
    await settle()
    kernel.dispatch(changeWalletSearch('rain'))
    advanceTo(300)
    await settle()
    expect(selectSearchResults(kernel.getState())).toHaveLength(2)
    kernel.dispatch(changeWalletSearch('wallet 1'))
    kernel.dispatch(changeWalletSearch(''))
    expect(selectSearchResults(kernel.getState())).toEqual([])
    scheduler.flush()
    await settle()
    expect(api.calls.filter((u) => u.searchParams.get('search') === 'wallet 1')).toEqual([])
    expect(selectWalletCatalog(kernel.getState())).toMatchObject({ searchQuery: '', loading: false, search: [] })
  })

  it('a failed search emits WALLET_CATALOG_FAILED and keeps the last results (SPEC §8)', async () => {
    const api = walletsApi((url) => (url.searchParams.get('search') === 'boom' ? json({}, 503) : undefined))
    const { kernel, advanceTo } = start(api)
    await settle()
    kernel.dispatch(changeWalletSearch('rain'))
    advanceTo(300)
    await settle()
    const results = selectSearchResults(kernel.getState())
    kernel.dispatch(changeWalletSearch('boom'))
    advanceTo(600)
    await settle()
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP status code: 503' }])
    expect(selectSearchResults(kernel.getState())).toBe(results)
  })
})

describe('selectors', () => {
  it('return the same reference for the same state', async () => {
    const { kernel } = start(walletsApi())
    await settle()
    const state = kernel.getState()
    for (const select of [selectWalletCatalog, selectWallets, selectSearchResults, selectFeaturedWallets, selectRecommendedWallets]) {
      expect(select(state)).toBe(select(state))
    }
    kernel.dispatch(createEvent('NOTIFICATION_CLOSED', {}))
    expect(selectWallets(kernel.getState())).toBe(selectWallets(state))
  })

  it('orderByIds puts wallets in the order of the ids', () => {
    expect(ids(orderByIds([CATALOG[3]!, CATALOG[1]!, CATALOG[2]!], ['w2', 'w3']))).toEqual(['w2', 'w3', 'w1'])
  })
})
