import { beforeAll, describe, expect, it, vi } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { createConfigClient } from '../../remote/config/client'
import { resolveOptions } from '../options/resolve'
import { routerModule } from '../router/module'
import { walletCatalogModule } from './module'
import { changeWalletSearch, retryWalletCatalog, showMoreWallets } from './commands'
import { selectFeaturedWallets, selectRecommendedWallets, selectSearchResults, selectWalletCatalog, selectWallets } from './selectors'
import { catalogEffects, orderByIds } from './effects'

const CONFIG_BASE = 'http://config.test/api'
const SV = 'airlock-html-0.1.0'
const CATALOG = Array.from({ length: 130 }, (_, i) => ({ id: `w${i}`, name: i === 7 ? 'Rainbow' : i === 8 ? 'Rainbow Pro' : `Wallet ${i}` }))

type Answer = Response | 'hang' | 'down'
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * A stand-in for the provider configuration API's /getWallets (SPEC §7): filters by include,
 * exclude and search (name, case-insensitive), pages by page and entries, answers `{ data, count }`.
 * `override` replaces the answer of a call (a 500, a bad body, a request that never ends, a
 * service that cannot be reached).
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
    if (answer === 'down') return Promise.reject(new TypeError('Failed to fetch'))
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
  const pageCalls = () => calls.filter((u) => u.searchParams.get('entries') === '40')
  return { fetch, calls, aborted, pageCalls }
}

/**
 * A kernel with the router and the catalog, the real config client injected over the stand-in
 * (or, with `config: null`, over no config API: the bundled catalog).
 */
function start(api: ReturnType<typeof walletsApi>, input: Record<string, unknown> = {}, { config = CONFIG_BASE as string | null } = {}) {
  const scheduler = new VirtualTimeScheduler()
  const deps = defaultDeps({ storage: memoryStorage(), scheduler, fetch: api.fetch, logger: { warn() {}, error() {} } })
  const { options } = resolveOptions({ projectId: 'p1', ...(config === null ? {} : { apiUrls: { config } }), ...input })
  const client = createConfigClient({ baseUrl: options.apiUrls.config, projectId: options.projectId, fetch: api.fetch, scheduler })
  // The effects themselves, loaded from the start (the module fetches them at the first need:
  // ./lazy.test.ts), so a test's virtual clock starts their timers at once.
  const catalog = { ...walletCatalogModule, effects: { catalog: catalogEffects([]) } }
  const kernel = createKernel({ modules: [routerModule, catalog], deps, depsFor: (_module, d) => ({ ...d, config: client }) })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  const advanceTo = (ms: number): void => {
    // A no-op at `ms` moves the virtual clock there even when no timer is due.
    scheduler.schedule(() => undefined, ms - scheduler.now())
    scheduler.maxFrames = ms
    scheduler.flush()
  }
  /** Settle, then move the clock to each of `times` in turn (a retry schedule), settling after each. */
  const settleThrough = async (...times: number[]): Promise<void> => {
    await settle()
    for (const ms of times) {
      advanceTo(ms)
      await settle()
    }
  }
  return { kernel, scheduler, advanceTo, settleThrough }
}

// The client loads its HTTP code on first use; load it once here, so that each test's timing is
// its own and not the first import's.
beforeAll(async () => {
  await import('../../remote/config/http')
})

/** Let the fake fetch's promises, the response bodies and the bundled chunk's import settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

const open = (kernel: Kernel, view?: string) => kernel.dispatch(createEvent('MODAL_OPEN', { connected: false, ...(view ? { view } : {}) }))
const run = (kernel: Kernel, command: (state: ReturnType<Kernel['getState']>) => readonly AirlockEvent[]) => kernel.dispatch(command)
const after = (kernel: Kernel, type: string): AirlockEvent[] => kernel.log().filter((e) => e.type === type)
const params = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? [])
const ids = (list: readonly { id: string }[]) => list.map((w) => w.id)

describe('loadWalletLists (SPEC §7 /getWallets, §9 featured 4, recommended 4)', () => {
  it('asks nothing until the modal opens, then loads featured by include (at most 4, in the site order) and 4 recommended', async () => {
    const api = walletsApi()
    const { kernel } = start(api, { featuredWalletIds: ['w9', 'w2', 'w5', 'w3', 'w4'], excludeWalletIds: ['w0'] })
    await settle()
    expect(api.calls).toEqual([])
    open(kernel)
    await settle()
    const featuredCall = api.calls.find((u) => u.searchParams.has('include'))
    expect(params(featuredCall)).toEqual({ page: '1', entries: '4', include: 'w9,w2,w5,w3', chains: 'eip155:1', projectId: 'p1', st: 'airlock', sv: SV })
    const recommendedCall = api.calls.find((u) => !u.searchParams.has('include'))
    expect(params(recommendedCall)).toMatchObject({ page: '1', entries: '4', exclude: 'w0,w9,w2,w5,w3,w4' })
    expect(ids(selectFeaturedWallets(kernel.getState()))).toEqual(['w9', 'w2', 'w5', 'w3'])
    expect(ids(selectRecommendedWallets(kernel.getState()))).toEqual(['w1', 'w6', 'w7', 'w8'])
    expect(after(kernel, 'WALLET_LISTS_LOADED')).toHaveLength(1)
    expect(selectWalletCatalog(kernel.getState()).count).toBe(124)
    // Loaded once: a later opening asks nothing more.
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    open(kernel)
    await settle()
    expect(api.calls).toHaveLength(2)
  })

  it('makes no featured call without featured ids, and recommends the included wallets (SPEC §3 includeWalletIds)', async () => {
    const api = walletsApi()
    const { kernel } = start(api, { includeWalletIds: ['w20', 'w21'] })
    open(kernel)
    await settle()
    expect(api.calls).toHaveLength(1)
    expect(params(api.calls[0])).toMatchObject({ entries: '4', include: 'w20,w21' })
    expect(selectFeaturedWallets(kernel.getState())).toEqual([])
    expect(ids(selectRecommendedWallets(kernel.getState()))).toEqual(['w20', 'w21'])
  })

  it('asks nothing without a project id (SPEC §5)', async () => {
    const api = walletsApi()
    const { kernel } = start(api, { projectId: '' })
    open(kernel, 'AllWallets')
    kernel.dispatch(changeWalletSearch('rain'))
    run(kernel, retryWalletCatalog)
    await settle()
    expect(api.calls).toEqual([])
    expect(selectWalletCatalog(kernel.getState()).loading).toBe(false)
  })

  it('a 500 answer fails with "HTTP status code: 500" after 3 tries, keeps the lists, and the next opening tries again (SPEC §8, §9)', async () => {
    let down = true
    const api = walletsApi(() => (down ? json({ message: 'boom' }, 500) : undefined))
    const { kernel, settleThrough } = start(api, { featuredWalletIds: ['w1'] })
    open(kernel)
    await settleThrough(150, 450)
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP status code: 500', request: 'lists' }])
    expect(selectRecommendedWallets(kernel.getState())).toEqual([])
    down = false
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    open(kernel)
    await settle()
    expect(selectRecommendedWallets(kernel.getState())).toHaveLength(4)
  })
})

describe('MODAL_PREPARED (issue 27 §1: the page idle after loading makes the first open ready)', () => {
  const prepare = (kernel: Kernel) => kernel.dispatch(createEvent('MODAL_PREPARED', {}))

  it('loads the lists before any opening; the opening then asks nothing and shows them at once', async () => {
    const api = walletsApi()
    const { kernel } = start(api, { featuredWalletIds: ['w9'] })
    prepare(kernel)
    await settle()
    expect(api.calls).toHaveLength(2)
    expect(ids(selectFeaturedWallets(kernel.getState()))).toEqual(['w9'])
    expect(selectRecommendedWallets(kernel.getState())).toHaveLength(4)
    open(kernel)
    await settle()
    expect(api.calls).toHaveLength(2)
    expect(after(kernel, 'WALLET_LISTS_LOADED')).toHaveLength(1)
  })

  it('an opening while the prepared load is on its way asks nothing more', async () => {
    const api = walletsApi()
    const { kernel } = start(api)
    prepare(kernel)
    open(kernel)
    await settle()
    expect(api.calls).toHaveLength(1)
    expect(selectRecommendedWallets(kernel.getState())).toHaveLength(4)
  })

  it('a failure while the modal is closed is not told; the opening tries again and tells its own', async () => {
    let down = true
    const api = walletsApi(() => (down ? json({ message: 'boom' }, 500) : undefined))
    const { kernel, settleThrough } = start(api)
    prepare(kernel)
    await settleThrough(150, 450)
    expect(api.calls).toHaveLength(3)
    expect(after(kernel, 'WALLET_CATALOG_FAILED')).toEqual([])
    expect(selectWalletCatalog(kernel.getState()).error).toBeNull()
    open(kernel)
    await settleThrough(600, 900)
    expect(api.calls).toHaveLength(6)
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP status code: 500', request: 'lists' }])
    down = false
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    open(kernel)
    await settle()
    expect(selectRecommendedWallets(kernel.getState())).toHaveLength(4)
  })

  it('a failure while the modal is open (it opened during the prepared load) is told', async () => {
    const api = walletsApi(() => json({ message: 'boom' }, 500))
    const { kernel, settleThrough } = start(api)
    prepare(kernel)
    open(kernel)
    await settleThrough(150, 450)
    expect(api.calls).toHaveLength(3)
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP status code: 500', request: 'lists' }])
  })
})

describe('the all-wallets pages (SPEC §7 /getWallets, §9 page size 40)', () => {
  it('showing All wallets loads page 1 with 40 entries, once, without the wallets shown above it', async () => {
    const api = walletsApi()
    const { kernel } = start(api)
    open(kernel)
    await settle()
    expect(api.pageCalls()).toEqual([])
    kernel.dispatch(createEvent('ROUTER_PUSH', { view: 'AllWallets' }))
    expect(selectWalletCatalog(kernel.getState())).toMatchObject({ loading: true, pageLoading: true })
    // More router events while it loads ask nothing more.
    kernel.dispatch(createEvent('ROUTER_REPLACE', { view: 'AllWallets' }))
    await settle()
    expect(api.pageCalls()).toHaveLength(1)
    expect(params(api.pageCalls()[0])).toMatchObject({ page: '1', chains: 'eip155:1', projectId: 'p1', st: 'airlock', sv: SV })
    // The 4 recommended show above the list, so the pages leave them out.
    expect(api.pageCalls()[0]?.searchParams.get('exclude')).toBe('w0,w1,w2,w3')
    expect(selectWalletCatalog(kernel.getState())).toMatchObject({ page: 1, count: 126, loading: false, pageLoading: false })
    // Back on it later: the page is in, nothing is asked.
    kernel.dispatch(createEvent('ROUTER_PUSH', { view: 'ConnectingWalletConnect' }))
    kernel.dispatch(createEvent('ROUTER_BACK', {}))
    await settle()
    expect(api.pageCalls()).toHaveLength(1)
  })

  it('opening the modal on All wallets loads page 1 too', async () => {
    const api = walletsApi()
    const { kernel } = start(api)
    open(kernel, 'AllWallets')
    await settle()
    expect(api.pageCalls().map((u) => u.searchParams.get('page'))).toEqual(['1'])
  })

  it('the end of the list loads the next page only while more remain, one at a time, each wallet once', async () => {
    const api = walletsApi()
    const { kernel } = start(api)
    open(kernel, 'AllWallets')
    await settle()
    run(kernel, showMoreWallets)
    run(kernel, showMoreWallets)
    await settle()
    expect(api.pageCalls().map((u) => u.searchParams.get('page'))).toEqual(['1', '2'])
    run(kernel, showMoreWallets)
    await settle()
    run(kernel, showMoreWallets)
    await settle()
    // 126 wallets: pages 1 to 4 (40, 40, 40, 6), then nothing more.
    expect(api.pageCalls().map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3', '4'])
    run(kernel, showMoreWallets)
    await settle()
    expect(api.pageCalls()).toHaveLength(4)
    const wallets = selectWallets(kernel.getState())
    expect(wallets).toHaveLength(126)
    expect(new Set(ids(wallets)).size).toBe(126)
  })

  it('no next page while a search is showing', async () => {
    const api = walletsApi()
    const { kernel } = start(api)
    open(kernel, 'AllWallets')
    await settle()
    kernel.dispatch(changeWalletSearch('rain'))
    run(kernel, showMoreWallets)
    await settle()
    expect(api.pageCalls()).toHaveLength(1)
  })

  it('a body of the wrong shape fails with "HTTP request failed" at once (no retry) and the state keeps what it had (SPEC §8)', async () => {
    let bad = false
    const api = walletsApi(() => (bad ? json({ data: [{ id: 1 }], count: '3' }) : undefined))
    const { kernel, advanceTo } = start(api)
    open(kernel, 'AllWallets')
    await settle()
    const before = selectWallets(kernel.getState())
    bad = true
    run(kernel, showMoreWallets)
    await settle()
    advanceTo(10_000)
    await settle()
    expect(api.pageCalls()).toHaveLength(2)
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP request failed', request: 'page' }])
    expect(selectWallets(kernel.getState())).toBe(before)
    expect(selectWalletCatalog(kernel.getState())).toMatchObject({ page: 1, loading: false, pageError: 'HTTP request failed' })
  })

  it('a request that never ends fails after 10 s on the scheduler with the SPEC §8 time-out message, and is not tried again', async () => {
    const api = walletsApi((url) => (url.searchParams.get('entries') === '40' ? 'hang' : undefined))
    const { kernel, advanceTo } = start(api)
    open(kernel, 'AllWallets')
    await settle()
    advanceTo(10_000)
    await settle()
    advanceTo(60_000)
    await settle()
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'The request took too long to respond', request: 'page' }])
    expect(api.pageCalls()).toHaveLength(1)
  })
})

describe('no request storm (issue 11: 4,841 requests in 10 s offline)', () => {
  it('with the catalog unreachable, one opening of All wallets sends at most 3 requests (SPEC §9: 150 ms, then 300 ms), then holds the error', async () => {
    const api = walletsApi((url) => (url.searchParams.get('entries') === '40' ? 'down' : undefined))
    const { kernel, advanceTo, scheduler } = start(api)
    open(kernel, 'AllWallets')
    await settle()
    expect(api.pageCalls()).toHaveLength(1)
    advanceTo(149)
    await settle()
    expect(api.pageCalls()).toHaveLength(1)
    advanceTo(150)
    await settle()
    expect(api.pageCalls()).toHaveLength(2)
    advanceTo(449)
    await settle()
    expect(api.pageCalls()).toHaveLength(2)
    advanceTo(450)
    await settle()
    expect(api.pageCalls()).toHaveLength(3)
    // Everything a re-rendering view could ask while the error shows, and the view staying in
    // sight, asks nothing.
    for (let i = 0; i < 50; i++) run(kernel, showMoreWallets)
    kernel.dispatch(createEvent('ROUTER_REPLACE', { view: 'AllWallets' }))
    open(kernel, 'AllWallets')
    await settle()
    advanceTo(10_000)
    await settle()
    expect(scheduler.now()).toBe(10_000)
    expect(api.pageCalls()).toHaveLength(3)
    const state = selectWalletCatalog(kernel.getState())
    expect(state).toMatchObject({ page: 0, loading: false, pageLoading: false, pageError: 'HTTP request failed' })
    expect(after(kernel, 'WALLET_PAGE_REQUESTED')).toHaveLength(1)
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toContainEqual({ message: 'HTTP request failed', request: 'page' })
    // A new opening is a new attempt, with its own three tries at most.
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    open(kernel, 'AllWallets')
    for (const ms of [10_000, 10_150, 10_450, 20_000]) {
      advanceTo(ms)
      await settle()
    }
    expect(api.pageCalls()).toHaveLength(6)
  })

  it('counts exactly 3 for one opening with a service that answers 503', async () => {
    const api = walletsApi((url) => (url.searchParams.get('entries') === '40' ? json({ message: 'unavailable' }, 503) : undefined))
    const { kernel, advanceTo } = start(api)
    open(kernel, 'AllWallets')
    for (const ms of [0, 150, 450, 1_000, 5_000, 10_000]) {
      advanceTo(ms)
      await settle()
    }
    expect(api.pageCalls()).toHaveLength(3)
    expect(selectWalletCatalog(kernel.getState()).pageError).toBe('HTTP status code: 503')
  })

  it('a 4xx other than 408 and 429 is not tried again: the same request would fail the same way', async () => {
    const api = walletsApi((url) => (url.searchParams.get('entries') === '40' ? json({ message: 'Unauthorized: invalid key' }, 401) : undefined))
    const { kernel, advanceTo } = start(api)
    open(kernel, 'AllWallets')
    await settle()
    advanceTo(1_000)
    await settle()
    expect(api.pageCalls()).toHaveLength(1)
    expect(selectWalletCatalog(kernel.getState()).pageError).toBe('HTTP status code: 401')
  })

  it('the retry loads the page once the service is back', async () => {
    let down = true
    const api = walletsApi((url) => (down && url.searchParams.get('entries') === '40' ? 'down' : undefined))
    const { kernel, advanceTo } = start(api)
    open(kernel, 'AllWallets')
    for (const ms of [0, 150, 450]) {
      advanceTo(ms)
      await settle()
    }
    expect(selectWalletCatalog(kernel.getState()).pageError).toBe('HTTP request failed')
    down = false
    run(kernel, retryWalletCatalog)
    expect(selectWalletCatalog(kernel.getState())).toMatchObject({ pageLoading: true, pageError: null })
    await settle()
    expect(api.pageCalls()).toHaveLength(4)
    expect(selectWalletCatalog(kernel.getState())).toMatchObject({ page: 1, pageError: null })
    expect(selectWallets(kernel.getState())).toHaveLength(40)
  })

  it('the retry after a failed next page asks that page again; nothing is asked when nothing failed', async () => {
    let down = false
    const api = walletsApi((url) => (down && url.searchParams.get('entries') === '40' ? json({}, 502) : undefined))
    const { kernel, advanceTo } = start(api)
    open(kernel, 'AllWallets')
    await settle()
    run(kernel, retryWalletCatalog)
    await settle()
    expect(api.pageCalls()).toHaveLength(1)
    down = true
    run(kernel, showMoreWallets)
    for (const ms of [0, 150, 450]) {
      advanceTo(ms)
      await settle()
    }
    expect(api.pageCalls().map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '2', '2'])
    down = false
    run(kernel, retryWalletCatalog)
    await settle()
    expect(api.pageCalls().at(-1)?.searchParams.get('page')).toBe('2')
    expect(selectWalletCatalog(kernel.getState())).toMatchObject({ page: 2, pageError: null })
  })

  it('the retry of a failed search searches again', async () => {
    let down = true
    const api = walletsApi((url) => (down && url.searchParams.has('search') ? json({}, 400) : undefined))
    const { kernel, advanceTo } = start(api)
    open(kernel, 'AllWallets')
    kernel.dispatch(changeWalletSearch('rain'))
    advanceTo(300)
    await settle()
    expect(selectWalletCatalog(kernel.getState()).searchError).toBe('HTTP status code: 400')
    down = false
    run(kernel, retryWalletCatalog)
    advanceTo(600)
    await settle()
    expect(ids(selectSearchResults(kernel.getState()))).toEqual(['w7', 'w8'])
    expect(selectWalletCatalog(kernel.getState()).searchError).toBeNull()
  })
})

describe('searchWallets (SPEC §7, §9 search 100 entries, minimum wait 300 ms)', () => {
  it('searches with 100 entries, not before 300 ms after the keystroke', async () => {
    const api = walletsApi()
    const { kernel, advanceTo } = start(api)
    await settle()
    kernel.dispatch(changeWalletSearch('rain'))
    advanceTo(299)
    await settle()
    expect(api.calls).toHaveLength(0)
    advanceTo(300)
    await settle()
    const search = api.calls.at(-1)
    expect(params(search)).toEqual({ page: '1', entries: '100', search: 'rain', chains: 'eip155:1', projectId: 'p1', st: 'airlock', sv: SV })
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
    for (const ms of [600, 750, 1_050]) {
      advanceTo(ms)
      await settle()
    }
    expect(after(kernel, 'WALLET_CATALOG_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP status code: 503', request: 'search' }])
    expect(selectSearchResults(kernel.getState())).toBe(results)
  })
})

describe('with no config API: the bundled catalog', () => {
  it('serves the lists, the pages and search without a single request', async () => {
    const api = walletsApi()
    const { kernel, advanceTo } = start(api, { featuredWalletIds: ['c8540eae696d37fb488c6b5811151c20bd697da2408a4b590bdb10c5e03949e0'] }, { config: null })
    open(kernel, 'AllWallets')
    // The bundled chunk is imported on first use: wait for it rather than for a number of ticks.
    await vi.waitFor(() => expect(selectWalletCatalog(kernel.getState()).page).toBe(1))
    expect(selectFeaturedWallets(kernel.getState()).map((w) => w.name)).toEqual(['MetaMask'])
    expect(selectRecommendedWallets(kernel.getState())).toHaveLength(4)
    const state = selectWalletCatalog(kernel.getState())
    expect(state.page).toBe(1)
    // 38 well-known wallets, those supporting eip155, without the 5 shown above the list.
    expect(state.count).toBeGreaterThanOrEqual(20)
    expect(selectWallets(kernel.getState()).length).toBe(Math.min(40, state.count))
    for (const wallet of selectWallets(kernel.getState())) expect(wallet.image_url).toMatch(/^data:image\/svg\+xml/)
    kernel.dispatch(changeWalletSearch('rain'))
    advanceTo(300)
    await settle()
    expect(selectSearchResults(kernel.getState()).map((w) => w.name)).toEqual(['Rainbow'])
    expect(api.calls).toEqual([])
  })
})

describe('selectors', () => {
  it('return the same reference for the same state', async () => {
    const { kernel } = start(walletsApi())
    open(kernel)
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
