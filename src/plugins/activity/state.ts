/**
 * The activity plugin's slice, SPEC §3 transactions state: the transactions of one account on one
 * network, newest first, and grouped by year then month; the network last shown
 * (`lastNetworkInView`: another one, or another account, starts over); whether a page is loading;
 * whether there is nothing to show; the cursor of the next page. SPEC §4: loading, then filled; on
 * failure empty, the cursor cleared.
 */
import { original, type Draft } from 'immer'
import type { AirlockEvent, TransactionItem } from 'airlock/plugin'
import { groupByYearMonth, mergeTransactions, type TransactionsByYear } from './grouping'

export interface ActivityState {
  /** The CAIP-10 account whose history this is, or null before the first request. */
  readonly account: string | null
  /** The CAIP-2 network it was read on (SPEC §3 lastNetworkInView). */
  readonly lastNetworkInView: string | null
  /** One per id, newest first. */
  readonly transactions: readonly TransactionItem[]
  readonly transactionsByYear: TransactionsByYear
  readonly loading: boolean
  /** Nothing to show: the history is empty, failed, or could not be asked for. */
  readonly empty: boolean
  /** The cursor of the next page; null at the end, after a failure, and before the first page. */
  readonly next: string | null
  /** The last call failed ("Failed to fetch transactions", SPEC §7). */
  readonly failed: boolean
  /** Pages received in a row since the start or the last failure (0: the cursor is not known). */
  readonly pages: number
}

export const initialActivityState: ActivityState = {
  account: null,
  lastNetworkInView: null,
  transactions: [],
  transactionsByYear: {},
  loading: false,
  empty: false,
  next: null,
  failed: false,
  pages: 0,
}

type About = { readonly account: string; readonly network: string }
const isAbout = (state: ActivityState, about: About) => state.account === about.account && state.lastNetworkInView === about.network

/**
 * The slice after `event`, as a pure function of the slice before (the same reference when the
 * event changes nothing).
 *
 * ```ts
 * nextActivityState(initialActivityState, createEvent('ACTIVITY_REQUESTED', { account, network, cursor: null })).loading // true
 * ```
 */
export function nextActivityState(state: ActivityState, event: AirlockEvent): ActivityState {
  switch (event.type) {
    case 'ACTIVITY_REQUESTED': {
      const { account, network } = event.payload
      // Another account or network starts over (SPEC §3 lastNetworkInView).
      if (!isAbout(state, event.payload)) return { ...initialActivityState, account, lastNetworkInView: network, loading: true }
      return state.loading ? state : { ...state, loading: true }
    }
    case 'ACTIVITY_RECEIVED': {
      const { cursor, next } = event.payload
      // An answer for an account left behind, or for a page other than the next one, is stale.
      if (!isAbout(state, event.payload) || (cursor !== null && cursor !== state.next)) return state
      const transactions = mergeTransactions(state.transactions, event.payload.transactions)
      // The first page again (the tab shown again) brings what is new; the pages after it that
      // were read stay read, so the cursor after them stands.
      const refresh = cursor === null && state.pages > 0
      return {
        ...state,
        transactions,
        transactionsByYear: groupByYearMonth(transactions),
        loading: false,
        empty: transactions.length === 0,
        next: refresh ? state.next : next,
        failed: false,
        pages: refresh ? state.pages : state.pages + 1,
      }
    }
    case 'ACTIVITY_FAILED':
    case 'ACTIVITY_UNAVAILABLE':
      // SPEC §4: on failure it becomes empty with the cursor cleared; with no API there is nothing either.
      if (!isAbout(state, event.payload)) return state
      return {
        ...initialActivityState,
        account: state.account,
        lastNetworkInView: state.lastNetworkInView,
        empty: true,
        failed: event.type === 'ACTIVITY_FAILED',
      }
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS': {
      // SPEC §4: reset clears the transactions; so does leaving the account's namespace.
      const { namespace } = event.payload
      if (state.account === null || (namespace !== null && !state.account.startsWith(`${namespace}:`))) return state
      return initialActivityState
    }
    default:
      return state
  }
}

/** The module's reducer: `nextActivityState` over the slice as it was before the event. */
export function reduceActivity(draft: Draft<ActivityState>, event: AirlockEvent): ActivityState | void {
  const before = original(draft) as ActivityState
  const after = nextActivityState(before, event)
  if (after !== before) return after
}
