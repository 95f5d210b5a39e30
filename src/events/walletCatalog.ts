/** The wallet catalog: paging and search (SPEC §3 wallet list state, §9 limits). */
import * as t from 'io-ts'
import { defineEvent } from './define'
import { WalletEntry } from './shapes/wallet'

export const WalletPageRequested = defineEvent('WALLET_PAGE_REQUESTED', t.type({ page: t.number }))
export type WalletPageRequested = t.TypeOf<typeof WalletPageRequested>

export const WalletPageLoaded = defineEvent('WALLET_PAGE_LOADED', t.type({ page: t.number, wallets: t.array(WalletEntry), count: t.number }))
export type WalletPageLoaded = t.TypeOf<typeof WalletPageLoaded>

/** Featured, recommended and explicitly included wallets, fetched by id at start. */
export const WalletListsLoaded = defineEvent(
  'WALLET_LISTS_LOADED',
  t.type({ featured: t.array(WalletEntry), recommended: t.array(WalletEntry), count: t.number }),
)
export type WalletListsLoaded = t.TypeOf<typeof WalletListsLoaded>

/** Which catalog request failed: the featured and recommended lists, a page, or a search. */
export const WalletCatalogRequest = t.keyof({ lists: null, page: null, search: null }, 'WalletCatalogRequest')
export type WalletCatalogRequest = t.TypeOf<typeof WalletCatalogRequest>

/** A catalog request failed, after its retries; `message` is the SPEC §8 wording. */
export const WalletCatalogFailed = defineEvent('WALLET_CATALOG_FAILED', t.type({ message: t.string, request: WalletCatalogRequest }))
export type WalletCatalogFailed = t.TypeOf<typeof WalletCatalogFailed>

/** The visitor typed in the search box; the effect waits at least 300 ms before searching. */
export const WalletSearchChanged = defineEvent('WALLET_SEARCH_CHANGED', t.type({ query: t.string }))
export type WalletSearchChanged = t.TypeOf<typeof WalletSearchChanged>

export const WalletSearchLoaded = defineEvent('WALLET_SEARCH_LOADED', t.type({ query: t.string, wallets: t.array(WalletEntry) }))
export type WalletSearchLoaded = t.TypeOf<typeof WalletSearchLoaded>

export const walletCatalogEvents = {
  WALLET_PAGE_REQUESTED: WalletPageRequested,
  WALLET_PAGE_LOADED: WalletPageLoaded,
  WALLET_LISTS_LOADED: WalletListsLoaded,
  WALLET_CATALOG_FAILED: WalletCatalogFailed,
  WALLET_SEARCH_CHANGED: WalletSearchChanged,
  WALLET_SEARCH_LOADED: WalletSearchLoaded,
} as const
