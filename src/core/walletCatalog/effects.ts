/**
 * Effects of the wallet catalog (SPEC §7 /getWallets through the injected `config` port): the
 * featured and recommended lists when the modal opens, the pages of the all-wallets list, and
 * search. When a page loads is decided by the commands (./commands.ts), never by a view.
 */
import {
  EMPTY,
  catchError,
  concat,
  concatMap,
  distinctUntilChanged,
  exhaustMap,
  filter,
  forkJoin,
  from,
  map,
  merge,
  of,
  switchMap,
  timer,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { ofType } from '../../kernel/operators'
import { errorMessage } from '../../kernel/errors'
import type { WalletEntry } from '../../events/shapes/wallet'
import type { WalletCatalogRequest } from '../../events/walletCatalog'
import type { PortDeps } from '../../ports/deps'
import { selectIsOpen, selectView } from '../router/selectors'
import { View } from '../router/views'
import { FEATURED_DEFAULT, PAGE_SIZE, RECOMMENDED_COUNT, SEARCH_ENTRIES, SEARCH_MIN_WAIT_MS } from './limits'
import { configFromOptions, isPageNumber } from './reducer'
import { loadFirstWalletPage } from './commands'
import type { WalletCatalogConfig } from './state'

const failed =
  (request: WalletCatalogRequest) =>
  (error: unknown): Observable<AirlockEvent> =>
    of(createEvent('WALLET_CATALOG_FAILED', { message: errorMessage(error), request }))

/** The config to query with, or null when the catalog may not call the API (no project id, SPEC §5). */
function usableConfig(config: WalletCatalogConfig | null): WalletCatalogConfig | null {
  return config !== null && config.projectId !== '' ? config : null
}

/**
 * `wallets` in the order of `ids`; wallets not named there keep their place after them.
 *
 * ```ts
 * orderByIds([{ id: 'b', name: 'B' }, { id: 'a', name: 'A' }], ['a', 'b']) // a, b
 * ```
 */
export function orderByIds(wallets: readonly WalletEntry[], ids: readonly string[]): WalletEntry[] {
  const rank = (wallet: WalletEntry): number => {
    const index = ids.indexOf(wallet.id)
    return index < 0 ? ids.length : index
  }
  return [...wallets].sort((a, b) => rank(a) - rank(b))
}

/**
 * Each time the All wallets view comes into sight (the modal opens on it, or the visitor goes
 * there), page 1 loads unless a page is in or on its way (`loadFirstWalletPage`, run as a command
 * on the state at its turn). That is the only way a first page loads on its own: a failure does
 * not ask again, and neither does anything while the view stays in sight, so a failing service
 * sees at most SPEC §9's three tries per opening.
 *
 * ```ts
 * // ROUTER_PUSH { view: 'AllWallets' } → WALLET_PAGE_REQUESTED { page: 1 }
 * ```
 */
export const loadFirstPageWhenShown: Effect<PortDeps> = (_events$, state$) =>
  state$.pipe(
    map((state) => selectIsOpen(state) && selectView(state) === View.AllWallets),
    distinctUntilChanged(),
    filter((shown) => shown),
    map((): Command => loadFirstWalletPage),
  )

/**
 * SPEC §7, §9: WALLET_PAGE_REQUESTED loads page N of the all-wallets list, 40 entries, without
 * the excluded, featured and recommended wallets (those show above the list), and emits
 * WALLET_PAGE_LOADED; the reducer appends it without duplicates. Pages load one after another, in
 * the order asked. Failure (after the port's retries): WALLET_CATALOG_FAILED { request: 'page' }.
 *
 * ```ts
 * // WALLET_PAGE_REQUESTED { page: 2 } → config.getWallets({ page: 2, entries: 40, … }) → WALLET_PAGE_LOADED
 * ```
 */
export const loadWalletPages: Effect<PortDeps> = (events$, state$, { config }) =>
  events$.pipe(
    ofType('WALLET_PAGE_REQUESTED'),
    withLatestFrom(state$),
    concatMap(([{ payload }, state]): Observable<AirlockEvent> => {
      const slice = state.walletCatalog
      const catalog = usableConfig(slice.config)
      if (catalog === null || !isPageNumber(payload.page)) return EMPTY
      const shownAbove = [...slice.featured, ...slice.recommended].map((wallet) => wallet.id)
      const exclude = [...new Set([...catalog.excludeWalletIds, ...catalog.featuredWalletIds, ...shownAbove])]
      return config.getWallets({ page: payload.page, entries: PAGE_SIZE, include: catalog.includeWalletIds, exclude, chains: catalog.chains }).pipe(
        map(({ data, count }) => createEvent('WALLET_PAGE_LOADED', { page: payload.page, wallets: data, count })),
        catchError(failed('page')),
      )
    }),
  )

/**
 * SPEC §7, §9: when the modal opens and the lists are not in yet (first opening, or the last try
 * failed), load the featured wallets (the site's featuredWalletIds through `include`, at most 4,
 * in the site's order) and 4 recommended wallets (the site's includeWalletIds if any, without the
 * excluded and featured ones), then emit WALLET_LISTS_LOADED with the recommended query's count.
 * Without featured ids no featured call is made. Nothing loads before a visitor opens the modal
 * or the page, idle after loading, prepares it (MODAL_PREPARED, issue 27 §1: the first open then
 * shows the lists in its first frame); a server or a page without a window asks nothing. A newer
 * OPTIONS_INITIALIZED cancels the older load. Failure: WALLET_CATALOG_FAILED { request: 'lists' }.
 *
 * ```ts
 * // OPTIONS_INITIALIZED { featuredWalletIds: ['a'] }, MODAL_OPEN → WALLET_LISTS_LOADED { featured: [a], recommended: [4], count }
 * ```
 */
export const loadWalletLists: Effect<PortDeps> = (events$, state$, { config }) =>
  events$.pipe(
    ofType('OPTIONS_INITIALIZED'),
    switchMap(({ payload }): Observable<AirlockEvent> => {
      const catalog = usableConfig(configFromOptions(payload.options))
      if (catalog === null) return EMPTY
      const featuredIds = catalog.featuredWalletIds.slice(0, FEATURED_DEFAULT)
      const load = (): Observable<AirlockEvent> => {
        const featured$: Observable<WalletEntry[]> =
          featuredIds.length === 0
            ? of([])
            : config
                .getWallets({ page: 1, entries: FEATURED_DEFAULT, include: featuredIds, chains: catalog.chains })
                .pipe(map(({ data }) => orderByIds(data, featuredIds).slice(0, FEATURED_DEFAULT)))
        const recommended$ = config.getWallets({
          page: 1,
          entries: RECOMMENDED_COUNT,
          include: catalog.includeWalletIds,
          exclude: [...new Set([...catalog.excludeWalletIds, ...catalog.featuredWalletIds])],
          chains: catalog.chains,
        })
        return forkJoin([featured$, recommended$]).pipe(
          map(([featured, recommended]) =>
            createEvent('WALLET_LISTS_LOADED', { featured, recommended: recommended.data.slice(0, RECOMMENDED_COUNT), count: recommended.count }),
          ),
          catchError(failed('lists')),
        )
      }
      // Prepared (at idle, before any opening): a failure while the modal is still closed is not
      // told; the opening asks again.
      const prepared = (): Observable<AirlockEvent> =>
        load().pipe(
          withLatestFrom(state$),
          filter(([event, state]) => event.type !== 'WALLET_CATALOG_FAILED' || state.router.open),
          map(([event]) => event),
        )
      return events$.pipe(
        ofType('MODAL_OPEN', 'MODAL_PREPARED'),
        withLatestFrom(state$),
        filter(([, state]) => !state.walletCatalog.listsLoaded),
        exhaustMap(([event]) => (event.type === 'MODAL_PREPARED' ? prepared() : load())),
      )
    }),
  )

/**
 * SPEC §7, §9: WALLET_SEARCH_CHANGED searches the catalog for the query, 100 entries, not before
 * 300 ms have passed since the keystroke (the wait restarts on each keystroke, on
 * `deps.scheduler`); a newer query cancels an older one, its request included. An empty query
 * clears the search at once (the reducer) and asks nothing. Emits WALLET_SEARCH_LOADED with the
 * query it answers; failure: WALLET_CATALOG_FAILED { request: 'search' }.
 *
 * ```ts
 * // WALLET_SEARCH_CHANGED { query: 'rain' }, 300 ms → config.getWallets({ search: 'rain', … }) → WALLET_SEARCH_LOADED
 * ```
 */
export const searchWallets: Effect<PortDeps> = (events$, state$, deps) =>
  events$.pipe(
    ofType('WALLET_SEARCH_CHANGED'),
    withLatestFrom(state$),
    switchMap(([{ payload }, state]): Observable<AirlockEvent> => {
      const query = payload.query.trim()
      const catalog = usableConfig(state.walletCatalog.config)
      if (query === '' || catalog === null) return EMPTY
      return timer(SEARCH_MIN_WAIT_MS, deps.scheduler).pipe(
        switchMap(() =>
          deps.config.getWallets({
            page: 1,
            entries: SEARCH_ENTRIES,
            search: query,
            include: catalog.includeWalletIds,
            exclude: catalog.excludeWalletIds,
            chains: catalog.chains,
          }),
        ),
        map(({ data }) => createEvent('WALLET_SEARCH_LOADED', { query: payload.query, wallets: data })),
        catchError(failed('search')),
      )
    }),
  )

/**
 * The four effects as one, fetched at the first need (./lazy.ts): the lists' effect first sees
 * `before`, the events kept until this chunk arrived (the options, OPTIONS_INITIALIZED).
 *
 * ```ts
 * lazyEffects({ what: 'wallet catalog', needs, load: () => import('./effects'), effect: (chunk, before) => chunk.catalogEffects(before) })
 * ```
 */
export const catalogEffects =
  (before: readonly AirlockEvent[]): Effect<PortDeps> =>
  (events$, state$, deps) =>
    merge(
      loadWalletLists(concat(from(before), events$), state$, deps),
      loadFirstPageWhenShown(events$, state$, deps),
      loadWalletPages(events$, state$, deps),
      searchWallets(events$, state$, deps),
    )
