/** Effects of the wallet catalog: paging, the featured and recommended lists, and search (SPEC §7 /getWallets). */
import { EMPTY, catchError, concatMap, forkJoin, map, of, switchMap, timer, withLatestFrom, type Observable } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { ofType } from '../../kernel/operators'
import { errorMessage } from '../../kernel/errors'
import type { WalletEntry } from '../../events/shapes/wallet'
import { FEATURED_DEFAULT, PAGE_SIZE, RECOMMENDED_COUNT, SEARCH_ENTRIES, SEARCH_MIN_WAIT_MS } from './limits'
import { requestWallets } from './request'
import { configFromOptions, isPageNumber } from './reducer'
import type { WalletCatalogConfig } from './state'

const failed = (error: unknown): Observable<AirlockEvent> => of(createEvent('WALLET_CATALOG_FAILED', { message: errorMessage(error) }))

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
 * SPEC §7, §9: WALLET_PAGE_REQUESTED loads page N of the all-wallets list, 40 entries, without
 * the excluded, featured and recommended wallets (those show above the list), and emits
 * WALLET_PAGE_LOADED; the reducer appends it without duplicates. Pages load one after another, in
 * the order asked. Failure: WALLET_CATALOG_FAILED with the error's message.
 *
 * ```ts
 * // WALLET_PAGE_REQUESTED { page: 2 } → GET /getWallets?page=2&entries=40&… → WALLET_PAGE_LOADED
 * ```
 */
export const loadWalletPages: Effect = (events$, state$, deps) =>
  events$.pipe(
    ofType('WALLET_PAGE_REQUESTED'),
    withLatestFrom(state$),
    concatMap(([{ payload }, state]): Observable<AirlockEvent> => {
      const slice = state.walletCatalog
      const config = usableConfig(slice.config)
      if (config === null || !isPageNumber(payload.page)) return EMPTY
      const shownAbove = [...slice.featured, ...slice.recommended].map((wallet) => wallet.id)
      const exclude = [...new Set([...config.excludeWalletIds, ...config.featuredWalletIds, ...shownAbove])]
      return requestWallets(deps, config, { page: payload.page, entries: PAGE_SIZE, include: config.includeWalletIds, exclude }).pipe(
        map(({ data, count }) => createEvent('WALLET_PAGE_LOADED', { page: payload.page, wallets: data, count })),
        catchError(failed),
      )
    }),
  )

/**
 * SPEC §7, §9: after OPTIONS_INITIALIZED with a project id, load the featured wallets (the site's
 * featuredWalletIds through `include`, at most 4, in the site's order) and 4 recommended wallets
 * (the site's includeWalletIds if any, without the excluded and featured ones), then emit
 * WALLET_LISTS_LOADED with the recommended query's count. Without featured ids no featured call
 * is made. A newer OPTIONS_INITIALIZED cancels the older load. Failure: WALLET_CATALOG_FAILED.
 *
 * ```ts
 * // OPTIONS_INITIALIZED { projectId: 'p1', featuredWalletIds: ['a'] } → WALLET_LISTS_LOADED { featured: [a], recommended: [4], count }
 * ```
 */
export const loadWalletLists: Effect = (events$, _state$, deps) =>
  events$.pipe(
    ofType('OPTIONS_INITIALIZED'),
    switchMap(({ payload }): Observable<AirlockEvent> => {
      const config = usableConfig(configFromOptions(payload.options))
      if (config === null) return EMPTY
      const featuredIds = config.featuredWalletIds.slice(0, FEATURED_DEFAULT)
      const featured$: Observable<WalletEntry[]> =
        featuredIds.length === 0
          ? of([])
          : requestWallets(deps, config, { page: 1, entries: FEATURED_DEFAULT, include: featuredIds }).pipe(
              map(({ data }) => orderByIds(data, featuredIds).slice(0, FEATURED_DEFAULT)),
            )
      const recommended$ = requestWallets(deps, config, {
        page: 1,
        entries: RECOMMENDED_COUNT,
        include: config.includeWalletIds,
        exclude: [...new Set([...config.excludeWalletIds, ...config.featuredWalletIds])],
      })
      return forkJoin([featured$, recommended$]).pipe(
        map(([featured, recommended]) =>
          createEvent('WALLET_LISTS_LOADED', { featured, recommended: recommended.data.slice(0, RECOMMENDED_COUNT), count: recommended.count }),
        ),
        catchError(failed),
      )
    }),
  )

/**
 * SPEC §7, §9: WALLET_SEARCH_CHANGED searches the catalog for the query, 100 entries, not before
 * 300 ms have passed since the keystroke (the wait restarts on each keystroke, on
 * `deps.scheduler`); a newer query cancels an older one, its request included. An empty query
 * clears the search at once (the reducer) and asks nothing. Emits WALLET_SEARCH_LOADED with the
 * query it answers; failure: WALLET_CATALOG_FAILED.
 *
 * ```ts
 * // WALLET_SEARCH_CHANGED { query: 'rain' }, 300 ms → GET /getWallets?…&search=rain → WALLET_SEARCH_LOADED
 * ```
 */
export const searchWallets: Effect = (events$, state$, deps) =>
  events$.pipe(
    ofType('WALLET_SEARCH_CHANGED'),
    withLatestFrom(state$),
    switchMap(([{ payload }, state]): Observable<AirlockEvent> => {
      const query = payload.query.trim()
      const config = usableConfig(state.walletCatalog.config)
      if (query === '' || config === null) return EMPTY
      return timer(SEARCH_MIN_WAIT_MS, deps.scheduler).pipe(
        switchMap(() =>
          requestWallets(deps, config, {
            page: 1,
            entries: SEARCH_ENTRIES,
            search: query,
            include: config.includeWalletIds,
            exclude: config.excludeWalletIds,
          }),
        ),
        map(({ data }) => createEvent('WALLET_SEARCH_LOADED', { query: payload.query, wallets: data })),
        catchError(failed),
      )
    }),
  )
