/**
 * The activity plugin's commands, for its view (`useCommands().activity`): each a pure function of
 * the state at its turn in the queue, returning the events to dispatch.
 */
import { createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import { activityAccount, networkOf } from './target'

/**
 * The visitor neared the end of the list: the next page, if there is one and no page is loading
 * (one request at a time), for the account whose pages are held.
 *
 * ```ts
 * useCommands().activity.loadMore()
 * ```
 */
function loadMore(state: RootState): AirlockEvent[] {
  const slice = state.activity
  const account = activityAccount(state)
  // The pages held must be the active account's: another one's cursor is no use.
  if (!slice || slice.loading || slice.next === null || account === null || slice.account !== account) return []
  return [createEvent('ACTIVITY_REQUESTED', { account, network: networkOf(account), cursor: slice.next })]
}

/**
 * Read the first page again (after a failure) for the active account.
 *
 * ```ts
 * useCommands().activity.retry()
 * ```
 */
function retry(state: RootState): AirlockEvent[] {
  const account = activityAccount(state)
  if (account === null || state.activity?.loading) return []
  return [createEvent('ACTIVITY_REQUESTED', { account, network: networkOf(account), cursor: null })]
}

export const activityCommands = { loadMore, retry }
