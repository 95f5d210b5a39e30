/**
 * The config API's HTTP calls (SPEC §7), loaded by the client on its first call — a page whose
 * site set no config API, or that asks nothing yet, does not load them. Every call with
 * projectId, st and sv, every answer decoded with io-ts, a 10 s time-out on the scheduler, and
 * SPEC §9's retry for the wallet catalog.
 */
import { catchError, map, of, type Observable, type SchedulerLike } from 'rxjs'
import type * as t from 'io-ts'
import type { Deps } from '../../kernel/deps'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import type { ConfigFeatureEntry, WalletsPage, WalletsQuery } from '../../ports/configApi'
import { HTTP_FAILED } from '../fetchJson'
import { requestJson, REMOTE_TIMEOUT_MS } from '../requestJson'
import { buildUrl } from '../url'
import { AllowedOriginsResponse, AnalyticsConfigResponse, RemoteConfigResponse, WalletsResponse, decodeFeatureEntries } from './codecs'
import { withRetry } from './retry'

export interface HttpCallsOptions {
  readonly baseUrl: string
  /** projectId, st and sv: the query every call carries. */
  readonly sdk: Readonly<Record<string, string>>
  readonly fetch: Deps['fetch']
  readonly scheduler: SchedulerLike
  /** The entry ids of /appkit/v1/config that plugins' feature switches read, besides the core's. */
  readonly featureIds?: readonly string[]
  /** The URL of a wallet image by id (SPEC §7 /getWalletImage). */
  readonly walletImageUrl: (id: string) => string | undefined
}

/** The calls of a configured client, bar images. */
export interface HttpCalls {
  getWallets(query: WalletsQuery): Observable<WalletsPage>
  getFeatures(): Observable<readonly ConfigFeatureEntry[]>
  getAllowedOrigins(): Observable<readonly string[]>
  getAnalyticsEnabled(): Observable<boolean>
}

/** An empty list is left out of the query rather than sent as `include=`. */
const list = (ids: readonly string[] | undefined): readonly string[] | undefined => (ids && ids.length > 0 ? ids : undefined)

/**
 * The HTTP calls of a client whose site set a config API.
 *
 * ```ts
 * const calls = createHttpCalls({ baseUrl, sdk: { projectId, st, sv }, fetch, scheduler, walletImageUrl })
 * calls.getFeatures().subscribe((entries) => …)
 * ```
 */
export function createHttpCalls(options: HttpCallsOptions): HttpCalls {
  const { baseUrl, sdk, scheduler } = options

  /** GET `path` of the config API with `query` and the sdk's, and decode it. */
  const get = <A>(path: string, codec: t.Type<A, unknown, unknown>, fetchImpl: Deps['fetch'] = options.fetch, query = {}): Observable<A> =>
    requestJson({ fetch: fetchImpl, scheduler }, buildUrl(baseUrl, path, { ...query, ...sdk }), codec, { timeoutMs: REMOTE_TIMEOUT_MS })

  return {
    getWallets(query) {
      const params = {
        page: query.page,
        entries: query.entries,
        include: list(query.include),
        exclude: list(query.exclude),
        chains: list(query.chains),
        search: query.search,
        badge_type: query.badgeType,
      }
      return withRetry(scheduler, options.fetch, (fetchImpl) => get('/getWallets', WalletsResponse, fetchImpl, params)).pipe(
        // The UI shows `image_url`; an entry the service gives an image id gets its URL here.
        map(({ data, count }) => ({
          data: data.map((wallet) =>
            wallet.image_url || !wallet.image_id ? wallet : { ...wallet, image_url: options.walletImageUrl(wallet.image_id) ?? null },
          ),
          count,
        })),
      )
    },

    getFeatures() {
      return get('/appkit/v1/config', RemoteConfigResponse).pipe(
        map((answer) => {
          const decoded = decodeFeatureEntries(answer.features, options.featureIds)
          if (!decoded.ok) throw new AirlockError(HTTP_FAILED, { category: ErrorCategory.NETWORK, details: decoded.error })
          return decoded.entries
        }),
      )
    },

    getAllowedOrigins() {
      return get('/projects/v1/origins', AllowedOriginsResponse).pipe(
        map((answer): readonly string[] => answer.allowedOrigins),
        catchError(() => of<readonly string[]>([])),
      )
    },

    getAnalyticsEnabled() {
      return get('/getAnalyticsConfig', AnalyticsConfigResponse).pipe(
        map((answer) => answer.isAnalyticsEnabled),
        catchError(() => of(false)),
      )
    },
  }
}
