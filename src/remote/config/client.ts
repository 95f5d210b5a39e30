/**
 * The provider configuration API client (SPEC §7), the real `config` port. It is small and
 * loads what it needs on first use: the HTTP calls (./http.ts) when the site set a config API,
 * the bundled catalog (./bundled) when it set none. Without a base URL nothing is fetched: the
 * catalog comes from the bundled chunk, and the rest is "not configured".
 */
import { catchError, defer, from, map, of, switchMap, throwError, type Observable, type SchedulerLike } from 'rxjs'
import type { Deps } from '../../kernel/deps'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import type { ConfigApi, ConfigImageKind, WalletsPage, WalletsQuery } from '../../ports/configApi'
import { SDK_TYPE, SDK_VERSION } from '../sdk'
import { buildUrl } from '../url'
import type { HttpCalls } from './http'

/** The message of a call that needs a config API when the site set none. */
export const CONFIG_NOT_CONFIGURED = 'Config API not configured'

export interface ConfigClientOptions {
  /** The config API's base URL (options.apiUrls.config); null or undefined when the site set none. */
  readonly baseUrl: string | null | undefined
  readonly projectId: string
  readonly fetch: Deps['fetch']
  /** Time-outs and retry waits run on it. */
  readonly scheduler: SchedulerLike
  /** The entry ids of /appkit/v1/config that plugins' feature switches read, besides the core's (issue 26 §1). */
  readonly featureIds?: readonly string[]
  /** Loads the bundled catalog. Default: its lazy chunk. */
  readonly loadBundled?: () => Promise<(query: WalletsQuery) => WalletsPage>
}

const IMAGE_PATHS: Readonly<Record<ConfigImageKind, string>> = {
  wallet: '/getWalletImage',
  asset: '/public/getAssetImage',
  currency: '/public/getCurrencyImage',
  token: '/public/getTokenImage',
}

const loadBundledChunk = async (): Promise<(query: WalletsQuery) => WalletsPage> => (await import('./bundled/index')).bundledWallets

function notConfigured(): AirlockError {
  return new AirlockError(CONFIG_NOT_CONFIGURED, {
    category: ErrorCategory.INVALID_OPTIONS,
    details: 'Set apiUrls.config (npx airlock-server serves one)',
  })
}

/**
 * Build the client. A chunk that could not load (offline) is tried again by the next call. SPEC
 * §7: on error the allowed origins are none and analytics is off; a chunk that fails to load is
 * an error. (Notes here, not in the code: the library build keeps those, in the first load.)
 *
 * ```ts
 * const config = createConfigClient({ baseUrl: 'http://127.0.0.1:4001', projectId: 'p1', fetch, scheduler: asyncScheduler })
 * config.getWallets({ page: 1, entries: 40, chains: ['eip155:1'] }).subscribe(({ data, count }) => …)
 * createConfigClient({ baseUrl: null, projectId: 'p1', fetch, scheduler }).baseUrl // undefined: the bundled catalog serves
 * ```
 */
export function createConfigClient(options: ConfigClientOptions): ConfigApi {
  const baseUrl = options.baseUrl ?? undefined
  const loadBundled = options.loadBundled ?? loadBundledChunk
  const sdk = { projectId: options.projectId, st: SDK_TYPE, sv: SDK_VERSION }

  const imageUrl = (kind: ConfigImageKind, id: string): string | undefined =>
    baseUrl === undefined ? undefined : buildUrl(baseUrl, `${IMAGE_PATHS[kind]}/${encodeURIComponent(id)}`, sdk)

  let http: Promise<HttpCalls> | undefined
  /** One HTTP call, its code loaded on the first; without a base URL, `fallback`. */
  const call = <A>(use: (calls: HttpCalls) => Observable<A>, fallback: () => Observable<A>): Observable<A> => {
    if (baseUrl === undefined) return defer(fallback)
    return defer(() => {
      http ??= import('./http').then(
        ({ createHttpCalls }) => createHttpCalls({ ...options, baseUrl, sdk, walletImageUrl: (id) => imageUrl('wallet', id) }),
        (error: unknown) => {
          http = undefined
          throw error
        },
      )
      return from(http)
    }).pipe(switchMap(use))
  }

  return {
    baseUrl,
    getWallets: (query) =>
      call(
        (calls) => calls.getWallets(query),
        () => from(loadBundled()).pipe(map((bundled) => bundled(query))),
      ),
    getFeatures: () =>
      call(
        (calls) => calls.getFeatures(),
        () => throwError(notConfigured),
      ),
    getAllowedOrigins: () =>
      call(
        (calls) => calls.getAllowedOrigins(),
        () => of<readonly string[]>([]),
      ).pipe(catchError(() => of<readonly string[]>([]))),
    getAnalyticsEnabled: () =>
      call(
        (calls) => calls.getAnalyticsEnabled(),
        () => of(false),
      ).pipe(catchError(() => of(false))),
    imageUrl,
  }
}
