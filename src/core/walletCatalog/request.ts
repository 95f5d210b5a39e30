/**
 * One /getWallets call (SPEC §7) as an Observable: the URL with every query parameter, the
 * decoded answer, a time-out on the effect's scheduler, and an abort of the HTTP request when the
 * subscriber leaves (a newer search cancels an older one).
 */
import type { Observable } from 'rxjs'
import * as t from 'io-ts'
import type { Deps } from '../../kernel/deps'
import { requestJson } from '../../remote/requestJson'
import { buildUrl } from '../../remote/url'
import { DEFAULT_SDK_VERSION, SDK_TYPE } from '../../remote/sdk'
import { WalletEntry } from '../../events/shapes/wallet'
import { CATALOG_TIMEOUT_MS } from './limits'
import type { WalletCatalogConfig } from './state'

/** The answer of /getWallets: SPEC §7 "It reads data and count". */
export const WalletsResponse = t.type({ data: t.array(WalletEntry), count: t.number }, 'WalletsResponse')
export type WalletsResponse = t.TypeOf<typeof WalletsResponse>

/** The query of one /getWallets call, beyond what the config gives. */
export interface WalletsQuery {
  readonly page: number
  readonly entries: number
  readonly include?: readonly string[]
  readonly exclude?: readonly string[]
  readonly search?: string
  readonly badgeType?: string
}

/** An empty list is left out of the query rather than sent as `include=`. */
const list = (ids: readonly string[] | undefined): readonly string[] | undefined => (ids && ids.length > 0 ? ids : undefined)

/**
 * The /getWallets URL (SPEC §7): page, entries, include, exclude, chains, search, badge_type,
 * and projectId, st, sv. Empty lists and absent values are left out.
 *
 * ```ts
 * walletsUrl(config, { page: 1, entries: 40, exclude: ['w1'] })
 * // 'http://config.test/getWallets?page=1&entries=40&exclude=w1&chains=eip155%3A1&projectId=p1&st=airlock&sv=…'
 * ```
 */
export function walletsUrl(config: WalletCatalogConfig, query: WalletsQuery): string {
  return buildUrl(config.apiUrl, '/getWallets', {
    page: query.page,
    entries: query.entries,
    include: list(query.include),
    exclude: list(query.exclude),
    chains: list(config.chains),
    search: query.search,
    badge_type: query.badgeType,
    projectId: config.projectId,
    st: SDK_TYPE,
    sv: DEFAULT_SDK_VERSION,
  })
}

/**
 * GET /getWallets and decode it. Fails with the AirlockError of `fetchJson` (SPEC §8 wording:
 * "HTTP status code: N", "HTTP request failed"), or "The request took too long to respond" after
 * CATALOG_TIMEOUT_MS on `deps.scheduler`.
 *
 * ```ts
 * requestWallets(deps, config, { page: 1, entries: PAGE_SIZE }).subscribe(({ data, count }) => …)
 * ```
 */
export function requestWallets(deps: Deps, config: WalletCatalogConfig, query: WalletsQuery): Observable<WalletsResponse> {
  return requestJson(deps, walletsUrl(config, query), WalletsResponse, { timeoutMs: CATALOG_TIMEOUT_MS })
}
