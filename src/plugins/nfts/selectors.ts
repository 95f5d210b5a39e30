/**
 * What the NFTs tab shows: the active account's NFTs without those flagged as spam, and whether
 * they are loading, failed, or there are more to read.
 */
import type { RootState } from 'airlock/plugin'
import type { Nft } from './events'
import { nftsAccount } from './target'

export interface NftsView {
  /** idle: nothing asked yet (no account, or the tab not shown yet). */
  readonly status: 'idle' | 'loading' | 'ready' | 'error'
  /** The NFTs read so far, spam hidden. */
  readonly items: readonly Nft[]
  /** A next page exists. */
  readonly more: boolean
  /** The next page is being read. */
  readonly loadingMore: boolean
  /** Reading the next page failed (the pages before stay). */
  readonly moreFailed: boolean
}

const IDLE: NftsView = { status: 'idle', items: [], more: false, loadingMore: false, moreFailed: false }
let last: { readonly key: readonly unknown[]; readonly view: NftsView } | undefined

/**
 * The same state gives the same object.
 *
 * ```ts
 * selectNftsView(state) // { status: 'ready', items: [#1, #2, #3], more: false, loadingMore: false, moreFailed: false }
 * ```
 */
export function selectNftsView(state: RootState): NftsView {
  const account = nftsAccount(state)
  const slice = state.nfts
  if (account === null || !slice) return IDLE
  const read = slice.byAccount[account]
  const loading = slice.loading?.account === account ? slice.loading : null
  const failed = slice.failed[account] === true
  const key = [account, read, loading, failed]
  if (last && last.key.every((part, i) => part === key[i])) return last.view
  let view: NftsView
  if (read)
    view = {
      status: 'ready',
      items: read.items.filter((n) => !n.flags.is_spam),
      more: read.next !== null,
      loadingMore: loading?.more === true,
      moreFailed: failed,
    }
  else view = { ...IDLE, status: loading ? 'loading' : failed ? 'error' : 'idle' }
  last = { key, view }
  return view
}
