import { describe, expect, it } from 'vitest'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { resolveOptions } from '../options/resolve'
import { appendUnique, configFromOptions, reduceWalletCatalog } from './reducer'
import { initialWalletCatalogState, type WalletCatalogState } from './state'
import { FEATURED_DEFAULT, PAGE_SIZE, RECENT_WALLETS_KEPT, RECOMMENDED_COUNT, SEARCH_ENTRIES, SEARCH_MIN_WAIT_MS } from './limits'

const reduce = (state: WalletCatalogState, event: AirlockEvent) => reduceWalletCatalog(state, event)
const fold = (...events: AirlockEvent[]) => events.reduce(reduce, initialWalletCatalogState)
const w = (id: string, name = id.toUpperCase()) => ({ id, name })

const initialized = (input: Record<string, unknown> = {}) =>
  createEvent('OPTIONS_INITIALIZED', {
    options: resolveOptions({ projectId: 'p1', apiUrls: { config: 'http://config.test/api' }, excludeWalletIds: ['b'], featuredWalletIds: ['f1'], ...input })
      .options,
  })

describe('wallet catalog reducer', () => {
  it('SPEC §9 limits are the constants the catalog uses', () => {
    expect([RECENT_WALLETS_KEPT, RECOMMENDED_COUNT, FEATURED_DEFAULT, PAGE_SIZE, SEARCH_ENTRIES, SEARCH_MIN_WAIT_MS]).toEqual([2, 4, 4, 40, 100, 300])
  })

  it('keeps the project id, wallet ids and chains from OPTIONS_INITIALIZED (SPEC §3, §7)', () => {
    const state = fold(initialized({ includeWalletIds: ['i1'] }))
    expect(state.config).toEqual({
      projectId: 'p1',
      includeWalletIds: ['i1'],
      excludeWalletIds: ['b'],
      featuredWalletIds: ['f1'],
      chains: ['eip155:1'],
    })
    expect(state.excludedWallets).toEqual(['b'])
    expect(configFromOptions(initialized().payload.options).chains).toEqual(['eip155:1'])
  })

  it('a loaded page is appended without duplicates, and excluded wallets are filtered out (SPEC §3, §4)', () => {
    const state = fold(
      initialized(),
      createEvent('WALLET_PAGE_REQUESTED', { page: 1 }),
      createEvent('WALLET_PAGE_LOADED', { page: 1, wallets: [w('a'), w('b')], count: 3 }),
      createEvent('WALLET_PAGE_LOADED', { page: 2, wallets: [w('b'), w('c')], count: 3 }),
    )
    expect(state.wallets.map((x) => x.id)).toEqual(['a', 'b', 'c'])
    expect(state.filteredWallets.map((x) => x.id)).toEqual(['a', 'c'])
    expect(state).toMatchObject({ page: 2, count: 3, loading: false, error: null })
  })

  it('a page request marks loading and clears the last error, only when a project id exists (SPEC §5)', () => {
    const failed = fold(initialized(), createEvent('WALLET_CATALOG_FAILED', { message: 'HTTP status code: 500', request: 'page' }))
    expect(failed).toMatchObject({ pageLoading: false, pageError: 'HTTP status code: 500' })
    expect(reduce(failed, createEvent('WALLET_PAGE_REQUESTED', { page: 1 }))).toMatchObject({ loading: true, error: null, pageLoading: true, pageError: null })
    const noProject = fold(initialized({ projectId: '' }))
    expect(reduce(noProject, createEvent('WALLET_PAGE_REQUESTED', { page: 1 }))).toBe(noProject)
  })

  it('WALLET_LISTS_LOADED sets featured, recommended and count (SPEC §3)', () => {
    const state = fold(createEvent('WALLET_LISTS_LOADED', { featured: [w('f1')], recommended: [w('r1'), w('r2')], count: 120 }))
    expect(state).toMatchObject({ featured: [w('f1')], recommended: [w('r1'), w('r2')], count: 120, listsLoaded: true })
    // New options: the lists load again at the next opening.
    expect(reduce(state, initialized()).listsLoaded).toBe(false)
  })

  it('the count of a page answer wins over the recommended count, whichever arrives last (SPEC §3 count)', () => {
    const lists = createEvent('WALLET_LISTS_LOADED', { featured: [], recommended: [w('r1')], count: 124 })
    const page = createEvent('WALLET_PAGE_LOADED', { page: 1, wallets: [w('a')], count: 120 })
    expect(fold(initialized(), lists, page).count).toBe(120)
    expect(fold(initialized(), page, lists).count).toBe(120)
  })

  it('a page request for a page that is not a whole number from 1 changes nothing (SPEC §7 page)', () => {
    const state = fold(initialized())
    for (const page of [0, -1, 1.5, Number.NaN]) expect(reduce(state, createEvent('WALLET_PAGE_REQUESTED', { page }))).toBe(state)
  })

  it('a failure keeps what the state had and stores the message (SPEC §7)', () => {
    const loaded = fold(
      initialized(),
      createEvent('WALLET_PAGE_LOADED', { page: 1, wallets: [w('a')], count: 1 }),
      createEvent('WALLET_PAGE_REQUESTED', { page: 2 }),
    )
    const failed = reduce(loaded, createEvent('WALLET_CATALOG_FAILED', { message: 'HTTP request failed', request: 'page' }))
    expect(failed.wallets).toBe(loaded.wallets)
    expect(failed).toMatchObject({ loading: false, error: 'HTTP request failed', page: 1, pageLoading: false, pageError: 'HTTP request failed' })
  })

  it('a failed search or list load leaves the page status alone; a new query clears the search error', () => {
    const loading = fold(initialized(), createEvent('WALLET_PAGE_REQUESTED', { page: 1 }), createEvent('WALLET_SEARCH_CHANGED', { query: 'ra' }))
    const searchFailed = reduce(loading, createEvent('WALLET_CATALOG_FAILED', { message: 'HTTP status code: 503', request: 'search' }))
    expect(searchFailed).toMatchObject({ pageLoading: true, pageError: null, searchError: 'HTTP status code: 503' })
    expect(reduce(searchFailed, createEvent('WALLET_SEARCH_CHANGED', { query: 'rai' })).searchError).toBeNull()
    const listsFailed = reduce(loading, createEvent('WALLET_CATALOG_FAILED', { message: 'HTTP request failed', request: 'lists' }))
    expect(listsFailed).toMatchObject({ pageLoading: true, pageError: null, searchError: null, listsLoaded: false })
  })

  it('a search query marks loading; its answer is stored only while the query is current (SPEC §3)', () => {
    const typing = fold(initialized(), createEvent('WALLET_SEARCH_CHANGED', { query: 'ra' }), createEvent('WALLET_SEARCH_CHANGED', { query: 'rai' }))
    expect(typing).toMatchObject({ searchQuery: 'rai', loading: true })
    expect(reduce(typing, createEvent('WALLET_SEARCH_LOADED', { query: 'ra', wallets: [w('x')] }))).toBe(typing)
    expect(reduce(typing, createEvent('WALLET_SEARCH_LOADED', { query: 'rai', wallets: [w('rainbow')] }))).toMatchObject({
      search: [w('rainbow')],
      loading: false,
    })
  })

  it('an empty query clears the search at once (SPEC §3)', () => {
    const found = fold(
      initialized(),
      createEvent('WALLET_SEARCH_CHANGED', { query: 'ra' }),
      createEvent('WALLET_SEARCH_LOADED', { query: 'ra', wallets: [w('r')] }),
    )
    const cleared = reduce(found, createEvent('WALLET_SEARCH_CHANGED', { query: '  ' }))
    expect(cleared).toMatchObject({ search: [], searchQuery: '  ', loading: false })
  })

  it('unknown events keep the same reference', () => {
    const state = fold(initialized(), createEvent('WALLET_PAGE_LOADED', { page: 1, wallets: [w('a')], count: 1 }))
    expect(reduce(state, createEvent('NOTIFICATION_CLOSED', {}))).toBe(state)
    expect(reduce(state, createEvent('MODAL_CLOSE', { connected: false }))).toBe(state)
    expect(reduce(initialWalletCatalogState, createEvent('WALLET_SEARCH_CHANGED', { query: '' }))).toBe(initialWalletCatalogState)
  })

  it('appendUnique keeps the first of each id, in order', () => {
    expect(appendUnique([w('a')], [w('b'), w('a', 'Other'), w('b'), w('c')]).map((x) => x.id)).toEqual(['a', 'b', 'c'])
  })
})
