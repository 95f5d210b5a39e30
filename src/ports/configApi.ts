/**
 * The `config` port: the provider configuration API of SPEC §7 — the wallet catalog
 * (/getWallets), the project's remote features (/appkit/v1/config), its allowed origins
 * (/projects/v1/origins), the analytics switch (/getAnalyticsConfig) and image URLs. Every call
 * carries projectId, st and sv; every answer is decoded with io-ts.
 *
 * With no config API set (`apiUrls.config` absent, `baseUrl` undefined) nothing leaves the page:
 * `getWallets` answers from a catalog of well-known wallets bundled with the library (a lazy
 * chunk), and the other calls are "not configured" (see each method).
 *
 * Each call is a cold Observable: subscribing makes the request, unsubscribing aborts it, and its
 * time-outs and retries run on the scheduler the client was built with.
 */
import type { Observable } from 'rxjs'
import type { WalletEntry } from '../events/shapes/wallet'

/** One /getWallets query (SPEC §7: page, entries, include, exclude, chains, search, badge_type). */
export interface WalletsQuery {
  /** From 1. */
  readonly page: number
  readonly entries: number
  /** Only these wallet ids. */
  readonly include?: readonly string[]
  readonly exclude?: readonly string[]
  /** CAIP-2 ids: only wallets that support one of them. */
  readonly chains?: readonly string[]
  /** Part of a wallet's name, case-insensitive. */
  readonly search?: string
  readonly badgeType?: string
}

/** What /getWallets answers: one page of entries and how many match in all. */
export interface WalletsPage {
  /** Each entry with an `image_url` when it has an image (resolved from its `image_id`). */
  readonly data: WalletEntry[]
  readonly count: number
}

/** The features /appkit/v1/config can set (SPEC §7 "It reads features"). */
export type ConfigFeatureId = 'email' | 'social' | 'swap' | 'onramp' | 'activity'

/** One entry of /appkit/v1/config `features`; `config` lists providers (the socials of `social`). */
export interface ConfigFeatureEntry {
  /** One of the core's ids, or a plugin's (issue 26 §1). */
  readonly id: ConfigFeatureId | (string & Record<never, never>)
  readonly isEnabled: boolean
  readonly config?: readonly string[] | null
}

/** The image kinds of SPEC §7: /getWalletImage, /public/getAssetImage, …CurrencyImage, …TokenImage. */
export type ConfigImageKind = 'wallet' | 'asset' | 'currency' | 'token'

export interface ConfigApi {
  /** The base URL the client calls, or undefined when the site set none (nothing is then fetched). */
  readonly baseUrl: string | undefined
  /**
   * A page of the wallet catalog. Fails with the SPEC §8 messages ("HTTP status code: N", "HTTP
   * request failed", "The request took too long to respond") after SPEC §9's retry (3 tries,
   * 150 ms then 300 ms apart) for failures that may pass: the service unreachable, 408, 429, 5xx.
   * Without a base URL: the bundled catalog, filtered and paged the same way.
   */
  getWallets(query: WalletsQuery): Observable<WalletsPage>
  /**
   * The project's remote features: known entries decoded, unknown ids skipped. Fails on any error,
   * with a server's own message (e.g. "Unauthorized: invalid key") in the error's `details`;
   * without a base URL it fails with "Config API not configured".
   */
  getFeatures(): Observable<readonly ConfigFeatureEntry[]>
  /** The project's allowed origins; SPEC §7: on any error (or without a base URL) the list is empty. Never fails. */
  getAllowedOrigins(): Observable<readonly string[]>
  /** Whether analytics is enabled for the project; SPEC §7: on any error (or without a base URL) false. Never fails. */
  getAnalyticsEnabled(): Observable<boolean>
  /** The URL of an image by id, with projectId, st and sv; undefined without a base URL. */
  imageUrl(kind: ConfigImageKind, id: string): string | undefined
}
