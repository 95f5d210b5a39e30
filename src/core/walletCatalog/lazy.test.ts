/**
 * The catalog's effects load as a chunk at the first need (./lazy.ts, issue 27 §1): nothing is
 * fetched before, the options seen before it arrived still make the lists, and a chunk that fails
 * to arrive fails the opening's lists (SPEC §8's catalog error) until the next need fetches it
 * again. The effects' own rules are ./effects.test.ts's.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { createConfigClient } from '../../remote/config/client'
import { resolveOptions } from '../options/resolve'
import { routerModule } from '../router/module'
import { walletCatalogModule } from './module'
import { walletCatalogEffects } from './lazy'
import { selectRecommendedWallets } from './selectors'
import type * as CatalogEffects from './effects'

const CATALOG = Array.from({ length: 10 }, (_, i) => ({ id: `w${i}`, name: `Wallet ${i}` }))

/** A /getWallets answering the first `entries` of CATALOG not excluded (SPEC §7 `{ data, count }`). */
function walletsApi() {
  const calls: URL[] = []
  const fetch: typeof globalThis.fetch = (input) => {
    const url = new URL(String(input))
    calls.push(url)
    const exclude = url.searchParams.get('exclude')?.split(',') ?? []
    const data = CATALOG.filter((w) => !exclude.includes(w.id)).slice(0, Number(url.searchParams.get('entries')))
    return Promise.resolve(new Response(JSON.stringify({ data, count: CATALOG.length }), { headers: { 'content-type': 'application/json' } }))
  }
  return { fetch, calls }
}

// The config client loads its HTTP code on first use: loaded once here, so each test's settling is its own.
beforeAll(async () => {
  await import('../../remote/config/http')
  await import('./effects')
})

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

/** A kernel with the router and the catalog module (its effects' loader `load`, the real import by default), options dispatched. */
function start(load?: () => Promise<typeof CatalogEffects>) {
  const api = walletsApi()
  const errors: unknown[] = []
  const deps = defaultDeps({ storage: memoryStorage(), fetch: api.fetch, logger: { warn() {}, error: (...args: unknown[]) => errors.push(args) } })
  const { options } = resolveOptions({ projectId: 'p1', apiUrls: { config: 'http://config.test/api' } })
  const client = createConfigClient({ baseUrl: options.apiUrls.config, projectId: options.projectId, fetch: api.fetch, scheduler: deps.scheduler })
  const catalog = load ? { ...walletCatalogModule, effects: { catalog: walletCatalogEffects(load) } } : walletCatalogModule
  const kernel = createKernel({ modules: [routerModule, catalog], deps, depsFor: (_module, d) => ({ ...d, config: client }) })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  return { kernel, api, errors }
}

describe("the wallet catalog's effects, a chunk fetched at the first need (issue 27 §1)", () => {
  it('fetches nothing before the page prepares the modal; MODAL_PREPARED fetches the chunk once, which loads the lists from the options kept before it', async () => {
    let loads = 0
    const { kernel, api } = start(() => {
      loads += 1
      return import('./effects')
    })
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    await settle()
    expect(loads).toBe(0)
    expect(api.calls).toEqual([])
    kernel.dispatch(createEvent('MODAL_PREPARED', {}))
    await settle()
    expect(loads).toBe(1)
    expect(api.calls.map((u) => u.searchParams.get('entries'))).toEqual(['4'])
    expect(selectRecommendedWallets(kernel.getState()).map((w) => w.id)).toEqual(['w0', 'w1', 'w2', 'w3'])
    // Loaded: the opening asks nothing more and fetches no chunk again.
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    await settle()
    expect(loads).toBe(1)
    expect(api.calls).toHaveLength(1)
  })

  it('the module as built (the real dynamic import): an opening loads the lists', async () => {
    const { kernel } = start()
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    await settle()
    expect(kernel.log().filter((e) => e.type === 'WALLET_LISTS_LOADED')).toHaveLength(1)
  })

  it("a chunk that fails to arrive fails the opening's lists (WALLET_CATALOG_FAILED 'lists', logged); the next opening fetches it again and loads them", async () => {
    let loads = 0
    const { kernel, api, errors } = start(() =>
      ++loads === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : import('./effects'),
    )
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    await settle()
    expect(
      kernel
        .log()
        .filter((e) => e.type === 'WALLET_CATALOG_FAILED')
        .map((e) => e.payload),
    ).toEqual([{ message: 'Failed to fetch dynamically imported module', request: 'lists' }])
    expect(errors).toHaveLength(1)
    expect(api.calls).toEqual([])
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    await settle()
    expect(loads).toBe(2)
    expect(kernel.log().filter((e) => e.type === 'WALLET_LISTS_LOADED')).toHaveLength(1)
  })
})
