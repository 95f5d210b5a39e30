/**
 * The NFTs plugin's events (not public): a request for a page of an account's NFTs and its answer.
 * `account` is CAIP-10 (`network:address`), the network the active one; `cursor` null is the first page.
 */
import * as t from 'io-ts'
import { defineEvent, Nft, defineEvents, type EventsOf } from 'airlock/plugin'

export { Nft }

const Cursor = t.union([t.string, t.null])

/** A page was asked for: the first when the tab is shown (or on a retry), the next one on "Show more". */
export const NftsRequested = defineEvent('NFTS_REQUESTED', t.type({ account: t.string, cursor: Cursor }))
export type NftsRequested = t.TypeOf<typeof NftsRequested>

/** The API answered the page asked with `cursor`; `at` is the clock's time (the 30 s cache runs from it). */
export const NftsReceived = defineEvent('NFTS_RECEIVED', t.type({ account: t.string, cursor: Cursor, items: t.array(Nft), next: Cursor, at: t.number }))
export type NftsReceived = t.TypeOf<typeof NftsReceived>

/** The page asked with `cursor` could not be read (or no Blockchain API is configured). */
export const NftsFailed = defineEvent('NFTS_FAILED', t.type({ account: t.string, cursor: Cursor }))
export type NftsFailed = t.TypeOf<typeof NftsFailed>

export const nftsEvents = defineEvents({
  NFTS_REQUESTED: NftsRequested,
  NFTS_RECEIVED: NftsReceived,
  NFTS_FAILED: NftsFailed,
})

// The plugin's events join the registries from this one declaration.
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof nftsEvents> {}
}
