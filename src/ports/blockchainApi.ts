/**
 * The `api` port: a typed client of the Blockchain API (SPEC §7). The core's own paths (supported
 * chains, the account's balances, history, NFTs and identity, name profiles) are methods; any other
 * path, a feature's own (swap's /v1/convert/*, the on-ramp's, names'), goes through `request`
 * with its codec, from the feature's folder. Every call carries the
 * sdk type (`st`), sdk version (`sv`) and project id (`projectId`) as query parameters; every
 * answer is decoded with io-ts (the fields SPEC §3 and §7 name; others pass through unread). Its
 * base URL is the `apiUrls.blockchain` option, with no vendor default: a call made while none is
 * set fails with "Blockchain API not configured", whose details say how to set it.
 *
 * Failures are AirlockErrors of category NETWORK in SPEC §8's words: "HTTP status code: N" (code
 * N, the server's message in `details`), "HTTP request failed", "The request took too long to
 * respond", and "Request was aborted" when the caller's signal fires.
 *
 * ```ts
 * const effect: Effect<PortDeps> = (events$, _state$, { api }) =>
 *   events$.pipe(
 *     ofType('BALANCE_REQUESTED'),
 *     switchMap(({ payload }) =>
 *       from(api.balance({ address: payload.address, chainId: payload.caipNetworkId })).pipe(
 *         map(({ balances }) => createEvent('BALANCES_RECEIVED', { balances })),
 *         catchError((error) => of(createEvent('BALANCES_FAILED', { message: errorMessage(error) }))),
 *       ),
 *     ),
 *   )
 * ```
 */
import type * as t from 'io-ts'

export interface ApiCallOptions {
  /** Aborts the call. */
  readonly signal?: AbortSignal
}

/** A query's values; undefined and null leave the parameter out, an array is sent comma-separated. */
export type ApiQuery = Readonly<Record<string, string | number | boolean | readonly string[] | undefined | null>>

/**
 * One call of a path of the Blockchain API, for `api.request`: a feature's own endpoints are
 * described this way in its own folder (docs/plugins.md "Calling the Blockchain API").
 */
export interface ApiRequest<A> {
  readonly method: 'GET' | 'POST'
  /** The path under the base URL, its parameters encoded (`/v1/charts/${encodeURIComponent(id)}`). */
  readonly path: string
  /** Sent with `st`, `sv` and `projectId`, which the client adds. */
  readonly query?: ApiQuery
  /** Sent as JSON (POST). */
  readonly body?: unknown
  /** Decodes the answer: one that does not fit fails "HTTP request failed", naming the path. */
  readonly codec: t.Type<A, unknown, unknown>
}

/** GET v1/supported-chains: the CAIP-2 ids the API serves. */
export interface SupportedChains {
  readonly http: readonly string[]
  readonly ws?: readonly string[]
}

/** GET /v1/identity/{address} (SPEC §3 identity cache: avatar, name). */
export interface Identity {
  readonly name?: string | null
  readonly avatar?: string | null
}

/** One transfer of a transaction (SPEC §3 transaction item). */
export interface TransactionTransfer {
  readonly fungible_info?: { readonly symbol?: string; readonly icon?: { readonly url?: string | null } | null; readonly name?: string } | null
  readonly nft_info?: {
    readonly name?: string
    readonly flags?: { readonly is_spam?: boolean }
    readonly content?: { readonly preview?: { readonly url?: string } | null } | null
  } | null
  readonly quantity?: { readonly numeric: string }
  readonly direction?: string
}

/** SPEC §3 transaction item. */
export interface TransactionItem {
  readonly id: string
  readonly metadata: {
    readonly minedAt: string
    readonly operationType: string
    readonly status: string
    readonly sentFrom: string
    readonly sentTo: string
    readonly chain?: string | null
  }
  readonly transfers: readonly TransactionTransfer[]
}

/** GET /v1/account/{account}/history: one page, and the cursor of the next (null at the end). */
export interface TransactionHistory {
  readonly data: readonly TransactionItem[]
  readonly next: string | null
}

/** One NFT an account owns (GET /v1/account/{address}/nfts). */
export interface NftItem {
  /** CAIP-2 */
  readonly chainId: string
  /** The contract, CAIP-10. */
  readonly contract: string
  /** Decimal. */
  readonly tokenId: string
  readonly name: string
  /** The collection's (the contract's) name. */
  readonly collection: string
  /** The image URL from the token's metadata, or null. */
  readonly image: string | null
  readonly flags: { readonly is_spam: boolean }
}

/** GET /v1/account/{address}/nfts: one page, and the cursor of the next (null at the end). */
export interface Nfts {
  readonly data: readonly NftItem[]
  readonly next: string | null
}

/** SPEC §3 token balance. `address` is absent for the native currency. */
export interface TokenBalance {
  readonly name: string
  readonly symbol: string
  readonly chainId: string
  readonly address?: string
  readonly value?: number
  readonly price: number
  readonly quantity: { readonly decimals: string; readonly numeric: string }
  readonly iconUrl: string
}

/** GET /v1/account/{address}/balance. */
export interface Balances {
  readonly balances: readonly TokenBalance[]
}

/** A name-service profile (GET /v1/profile/account/{name}, /v1/profile/reverse/{address}). */
export interface NameProfile {
  readonly name: string
  /** Coin type → address. */
  readonly addresses: Readonly<Record<string, { readonly address: string }>>
  readonly attributes?: readonly unknown[]
  readonly registered?: number
  readonly updated?: number
}

export interface BlockchainApi {
  /** The base URL the client calls, or undefined when the site set none. */
  readonly baseUrl: string | undefined
  /** The project id every call carries (a POST body that must name it too reads it here). */
  readonly projectId: string

  /**
   * Any path: the base URL, the sdk and project query parameters, SPEC §9's time-out and retries,
   * SPEC §8's failures and the answer decoded by `call.codec`, as for the calls below. A plugin
   * describes its own endpoints with it; the request code loads with the first call.
   *
   * ```ts
   * const Chart = t.type({ points: t.array(t.number) })
   * const { points } = await api.request({ method: 'GET', path: '/v1/charts/eth', query: { days: 7 }, codec: Chart })
   * ```
   */
  request<A>(call: ApiRequest<A>, options?: ApiCallOptions): Promise<A>

  /** GET v1/supported-chains. */
  supportedChains(options?: ApiCallOptions): Promise<SupportedChains>
  /** GET /v1/identity/{address}?sender. */
  identity(params: { readonly address: string; readonly sender?: string }, options?: ApiCallOptions): Promise<Identity>
  /** GET /v1/account/{account}/history?cursor&onramp&chainId. */
  history(
    params: { readonly account: string; readonly cursor?: string; readonly onramp?: string; readonly chainId?: string },
    options?: ApiCallOptions,
  ): Promise<TransactionHistory>
  /** GET /v1/account/{address}/balance?currency=usd&chainId&forceUpdate. */
  balance(
    params: { readonly address: string; readonly chainId?: string; readonly forceUpdate?: string; readonly currency?: string },
    options?: ApiCallOptions,
  ): Promise<Balances>

  /**
   * GET /v1/account/{address}/nfts?chainId&cursor: the NFTs the address owns, a page at a time.
   * SPEC §7 names no NFT path: this is the self-hosted service's (services/blockchain/nfts.mjs).
   */
  nfts(params: { readonly address: string; readonly chainId?: string; readonly cursor?: string }, options?: ApiCallOptions): Promise<Nfts>

  /** GET /v1/profile/account/{name}?apiVersion=2. */
  profile(params: { readonly name: string }, options?: ApiCallOptions): Promise<NameProfile>
  /** GET /v1/profile/reverse/{address}?sender&apiVersion=2. */
  reverseProfiles(params: { readonly address: string; readonly sender?: string }, options?: ApiCallOptions): Promise<readonly NameProfile[]>
}
