/**
 * The NFTs plugin's slice: per CAIP-10 account, the NFTs read so far (the pages in order), the
 * cursor of the next page and when the first page was read (a 30 s cache, as SPEC §9 keeps the
 * portfolio); which page is loading; and which accounts' last read failed.
 */
import type { Draft } from 'immer'
import type { AirlockEvent } from 'airlock/plugin'
import type { Nft } from './events'

export interface AccountNfts {
  readonly items: readonly Nft[]
  readonly next: string | null
  /** Clock ms of the first page's answer. */
  readonly at: number
}

export interface NftsState {
  readonly byAccount: Readonly<Record<string, AccountNfts>>
  /** The page being read: its account, and whether it is a next page (not the first). */
  readonly loading: { readonly account: string; readonly more: boolean } | null
  /** Accounts whose last read failed (a first page: nothing is kept; a next page: the pages before stay). */
  readonly failed: Readonly<Record<string, true>>
}

export const initialNftsState: NftsState = { byAccount: {}, loading: null, failed: {} }

/** How long a first page read is fresh: showing the tab again within it reads nothing. */
export const NFTS_CACHE_MS = 30_000

export function reduceNfts(draft: Draft<NftsState>, event: AirlockEvent): void {
  switch (event.type) {
    case 'NFTS_REQUESTED':
      draft.loading = { account: event.payload.account, more: event.payload.cursor !== null }
      return
    case 'NFTS_RECEIVED': {
      const { account, cursor, items, next, at } = event.payload
      const held = draft.byAccount[account]
      if (cursor === null) draft.byAccount[account] = { items, next, at } as Draft<AccountNfts>
      // A next page joins the pages it follows (one that no longer follows them is dropped).
      else if (held && held.next === cursor) Object.assign(held, { items: [...held.items, ...items], next })
      delete draft.failed[account]
      if (draft.loading?.account === account) draft.loading = null
      return
    }
    case 'NFTS_FAILED': {
      const { account, cursor } = event.payload
      if (cursor === null) delete draft.byAccount[account]
      draft.failed[account] = true
      if (draft.loading?.account === account) draft.loading = null
      return
    }
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS':
      // The visitor left: what was read for them goes with them.
      if (event.payload.namespace === null) return void Object.assign(draft, initialNftsState)
      return
    default:
      return
  }
}
