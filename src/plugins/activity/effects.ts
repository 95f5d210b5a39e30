/**
 * Read the history from the Blockchain API (SPEC §7 /v1/account/{account}/history): the first page
 * when the Activity tab is shown, or when the account or network changes while it is (which starts
 * over); the next page when the visitor asks for it (the `loadMore` command). One call at a time: a
 * newer request aborts the one under way. A failure empties the tab and clears the cursor (SPEC §4,
 * §7 "Failed to fetch transactions"); with no Blockchain API configured nothing is called, and a
 * network it does not serve (v1/supported-chains) is not asked: that fails at once.
 */
import { catchError, distinctUntilChanged, filter, map, of, switchMap, withLatestFrom } from 'rxjs'
import { type Effect, ofType, createEvent, errorMessage, accountData, fromRead, touches, type Invalidation, type PortDeps } from 'airlock/plugin'
import { networkOf, shownActivityAccount } from './target'

/**
 * ACTIVITY_REQUESTED for the first page each time the tab comes on screen and each time the
 * account or network changes while it is on screen.
 *
 * ```ts
 * // the Activity tab chosen on Account → ACTIVITY_REQUESTED { account: 'eip155:1:0xf39F…', network: 'eip155:1', cursor: null }
 * ```
 */
export const requestOnShow: Effect<PortDeps> = (_events$, state$) =>
  state$.pipe(
    map(shownActivityAccount),
    distinctUntilChanged(),
    filter((account): account is string => account !== null),
    map((account) => createEvent('ACTIVITY_REQUESTED', { account, network: networkOf(account), cursor: null })),
  )

/**
 * The first page again when something invalidates the shown account's history in the instance's
 * account-data service (a TRANSACTION_SETTLED on its chain: a send, swap or purchase landed) while
 * the tab is on screen (when it is not, the next time it comes on screen reads it anyway).
 *
 * ```ts
 * // TRANSACTION_SETTLED { namespace: 'eip155', chainId: '1' } while Activity is shown → ACTIVITY_REQUESTED { cursor: null }
 * ```
 */
export const refreshOnSettled: Effect<PortDeps> = (_events$, state$, deps) =>
  accountData(deps).invalidated$.pipe(
    withLatestFrom(state$),
    map(([match, state]) => ({ match, account: shownActivityAccount(state) })),
    filter(
      (read): read is { match: Invalidation; account: string } => read.account !== null && touches(read.match, { resource: 'history', account: read.account }),
    ),
    map(({ account }) => createEvent('ACTIVITY_REQUESTED', { account, network: networkOf(account), cursor: null })),
  )

/**
 * Answer each ACTIVITY_REQUESTED with the API's page (ACTIVITY_RECEIVED), ACTIVITY_FAILED, or
 * ACTIVITY_UNAVAILABLE when no API is configured.
 *
 * ```ts
 * // ACTIVITY_REQUESTED { cursor: 'abc' } → GET /v1/account/eip155:1:0xf39F…/history?cursor=abc&chainId=eip155:1 → ACTIVITY_RECEIVED
 * ```
 */
export const readHistory: Effect<PortDeps> = (events$, _state$, deps) =>
  events$.pipe(
    ofType('ACTIVITY_REQUESTED'),
    // A newer request aborts this read (fromRead); its answer is then never seen.
    switchMap(({ payload: { account, network, cursor } }) => {
      if (deps.api.baseUrl === undefined) return of(createEvent('ACTIVITY_UNAVAILABLE', { account, network }))
      // Through the instance's account-data service: a network the API does not serve (a chain the
      // wallet added) is not asked, and fails as a failed read.
      return fromRead((signal) => accountData(deps).history(account, cursor, { signal })).pipe(
        map(({ data, next }) => createEvent('ACTIVITY_RECEIVED', { account, network, cursor, transactions: [...data], next })),
        catchError((error: unknown) => of(createEvent('ACTIVITY_FAILED', { account, network, reason: errorMessage(error) }))),
      )
    }),
  )
