/**
 * The NFTs plugin's commands, for its view (`useCommands().nfts`): each a pure function of the
 * state at its turn in the queue, returning the events to dispatch.
 */
import { createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import { nftsAccount } from './target'

export const nftsCommands = {
  /**
   * "Show more": the next page, when there is one and nothing is loading.
   *
   * ```ts
   * useCommands().nfts.loadMore()
   * ```
   */
  loadMore: (state: RootState): AirlockEvent[] => {
    const account = nftsAccount(state)
    const next = account === null ? null : (state.nfts?.byAccount[account]?.next ?? null)
    if (account === null || next === null || state.nfts?.loading) return []
    return [createEvent('NFTS_REQUESTED', { account, cursor: next })]
  },
  /**
   * "Try again" after a failure: the first page again.
   *
   * ```ts
   * useCommands().nfts.retry()
   * ```
   */
  retry: (state: RootState): AirlockEvent[] => {
    const account = nftsAccount(state)
    if (account === null || state.nfts?.loading) return []
    return [createEvent('NFTS_REQUESTED', { account, cursor: null })]
  },
}
