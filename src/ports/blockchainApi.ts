/**
 * The `api` port: a typed client of the Blockchain API paths of SPEC §7. Every call carries the
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

export interface ApiCallOptions {
  /** Aborts the call. */
  readonly signal?: AbortSignal
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

/** A swap quote (GET /v1/convert/quotes). */
export interface ConvertQuote {
  readonly fromAmount: string
  readonly fromAccount: string
  readonly toAmount: string
  readonly toAccount: string
  readonly id?: string | null
}

/** A token that can be swapped (GET /v1/convert/tokens); `address` is CAIP-10. */
export interface ConvertToken {
  readonly name: string
  readonly symbol: string
  readonly address: string
  readonly decimals: number
  readonly logoUri: string
}

/** Gas prices in wei, decimal strings (GET /v1/convert/gas-price). */
export interface GasPrice {
  readonly standard: string
  readonly fast: string
  readonly instant: string
}

/** A transaction the API built for a swap or an approval. */
export interface ConvertTransaction {
  readonly from: string
  readonly to: string
  readonly data: string
  readonly value?: string
  readonly amount?: string
  readonly eip155?: { readonly gas: string; readonly gasPrice: string }
}

/** POST /v1/fungible/price: one entry per address asked. */
export interface FungiblePrice {
  readonly name: string
  readonly symbol: string
  readonly iconUrl: string
  readonly price: number
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

/** SPEC §3 name suggestion. */
export interface NameSuggestion {
  readonly name: string
  readonly registered?: boolean
}

/** SPEC §3 onramp purchase currency. */
export interface PurchaseCurrency {
  readonly id: string
  readonly name: string
  readonly symbol: string
  readonly networks: readonly {
    readonly name: string
    readonly display_name: string
    readonly chain_id: string
    readonly contract_address: string
  }[]
}

/** SPEC §3 onramp payment currency. */
export interface PaymentCurrency {
  readonly id: string
  readonly payment_method_limits: readonly { readonly id: string; readonly min: string; readonly max: string }[]
}

/** GET /v1/onramp/options. */
export interface OnrampOptions {
  readonly paymentCurrencies: readonly PaymentCurrency[]
  readonly purchaseCurrencies: readonly PurchaseCurrency[]
}

export interface Amount {
  readonly amount: string
  readonly currency: string
}

/** SPEC §3 onramp quote: every field but `purchaseAmount` (the one read, SPEC §7) may be absent. */
export interface OnrampQuote {
  readonly purchaseAmount: Amount
  readonly coinbaseFee?: Amount
  readonly networkFee?: Amount
  readonly paymentSubtotal?: Amount
  readonly paymentTotal?: Amount
  readonly quoteId?: string
}

/** GET /v1/sessions/{id}: the smart-session permissions granted to an account. */
export interface Sessions {
  readonly pcis: readonly unknown[]
}

export interface BlockchainApi {
  /** The base URL the client calls, or undefined when the site set none. */
  readonly baseUrl: string | undefined

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

  /** GET /v1/convert/quotes?amount&userAddress&from&to&gasPrice. */
  convertQuotes(
    params: { readonly amount: string; readonly userAddress: string; readonly from: string; readonly to: string; readonly gasPrice?: string },
    options?: ApiCallOptions,
  ): Promise<{ readonly quotes: readonly ConvertQuote[] }>
  /** GET /v1/convert/tokens?chainId. */
  convertTokens(params: { readonly chainId: string }, options?: ApiCallOptions): Promise<{ readonly tokens: readonly ConvertToken[] }>
  /** GET /v1/convert/allowance?tokenAddress&userAddress. */
  convertAllowance(params: { readonly tokenAddress: string; readonly userAddress: string }, options?: ApiCallOptions): Promise<{ readonly allowance: string }>
  /** GET /v1/convert/gas-price?chainId. */
  convertGasPrice(params: { readonly chainId: string }, options?: ApiCallOptions): Promise<GasPrice>
  /** POST /v1/convert/build-transaction: body amount, eip155.slippage, projectId, from, to, userAddress, disableEstimate. */
  buildConvertTransaction(
    params: {
      readonly amount: string
      readonly slippage: string | number
      readonly from: string
      readonly to: string
      readonly userAddress: string
      readonly disableEstimate?: boolean
    },
    options?: ApiCallOptions,
  ): Promise<{ readonly tx: ConvertTransaction }>
  /** GET /v1/convert/build-approve?userAddress&from&to. */
  buildConvertApprove(
    params: { readonly userAddress: string; readonly from: string; readonly to: string },
    options?: ApiCallOptions,
  ): Promise<{ readonly tx: ConvertTransaction }>

  /** POST /v1/fungible/price: body currency, addresses, projectId. */
  fungiblePrice(
    params: { readonly currency: string; readonly addresses: readonly string[] },
    options?: ApiCallOptions,
  ): Promise<{ readonly fungibles: readonly FungiblePrice[] }>

  /** GET /v1/profile/account/{name}?apiVersion=2. */
  profile(params: { readonly name: string }, options?: ApiCallOptions): Promise<NameProfile>
  /** GET /v1/profile/reverse/{address}?sender&apiVersion=2. */
  reverseProfiles(params: { readonly address: string; readonly sender?: string }, options?: ApiCallOptions): Promise<readonly NameProfile[]>
  /** GET /v1/profile/suggestions/{name}?zone. */
  nameSuggestions(
    params: { readonly name: string; readonly zone?: string },
    options?: ApiCallOptions,
  ): Promise<{ readonly suggestions: readonly NameSuggestion[] }>
  /** POST /v1/profile/account: body coin_type, address, message, signature. Nothing of the answer is read. */
  registerName(
    params: { readonly coinType: number; readonly address: string; readonly message: string; readonly signature: string },
    options?: ApiCallOptions,
  ): Promise<unknown>

  /** POST /v1/generators/onrampurl: body destinationWallets, defaultNetwork, partnerUserId, defaultExperience=buy, presetCryptoAmount, presetFiatAmount. */
  onrampUrl(
    params: {
      readonly destinationWallets: readonly { readonly address: string; readonly blockchains?: readonly string[]; readonly assets?: readonly string[] }[]
      readonly partnerUserId: string
      readonly defaultNetwork?: string
      readonly presetCryptoAmount?: number
      readonly presetFiatAmount?: number
    },
    options?: ApiCallOptions,
  ): Promise<{ readonly url: string }>
  /** GET /v1/onramp/options. */
  onrampOptions(options?: ApiCallOptions): Promise<OnrampOptions>
  /** POST /v1/onramp/quote: body purchaseCurrency, paymentCurrency, amount, network. */
  onrampQuote(
    params: { readonly purchaseCurrency: PurchaseCurrency; readonly paymentCurrency: PaymentCurrency; readonly amount: string; readonly network?: string },
    options?: ApiCallOptions,
  ): Promise<OnrampQuote>

  /** GET /v1/sessions/{id}. */
  sessions(params: { readonly id: string }, options?: ApiCallOptions): Promise<Sessions>
  /** POST /v1/sessions/{id}/revoke: body pci, signature. Nothing of the answer is read. */
  revokeSession(params: { readonly id: string; readonly pci: string; readonly signature: string }, options?: ApiCallOptions): Promise<unknown>
}
