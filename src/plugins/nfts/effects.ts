/**
 * Read an account's NFTs from the Blockchain API (GET /v1/account/{address}/nfts): the first page
 * when the NFTs tab comes on screen, or when the account or network changes while it is, unless
 * it was read within 30 s; a next page when the visitor asks (the `loadMore` command). One call at
 * a time: a newer request aborts the one under way. With no Blockchain API configured nothing is
 * called: the request fails at once; so does one for a network the API does not serve (v1/supported-chains).
 */
import { catchError, distinctUntilChanged, filter, map, of, switchMap } from 'rxjs'
import { type Effect, ofType, createEvent, accountData, fromRead, type PortDeps } from 'airlock/plugin'
import { shownNftsAccount } from './target'
import { NFTS_CACHE_MS } from './state'

/**
 * NFTS_REQUESTED for the first page each time the tab comes on screen for an account, unless
 * that account's NFTs were read less than 30 s ago.
 *
 * ```ts
 * // the NFTs tab chosen on Account → NFTS_REQUESTED { account: 'eip155:1:0xf39F…', cursor: null }
 * ```
 */
export const requestOnShow: Effect<PortDeps> = (_events$, state$, { clock }) =>
  state$.pipe(
    map((state) => ({ account: shownNftsAccount(state), state })),
    distinctUntilChanged((a, b) => a.account === b.account),
    filter(({ account, state }) => {
      const read = account === null ? undefined : state.nfts?.byAccount[account]
      return account !== null && !(read && clock.now() - read.at < NFTS_CACHE_MS)
    }),
    map(({ account }) => createEvent('NFTS_REQUESTED', { account: account as string, cursor: null })),
  )

/**
 * Answer each NFTS_REQUESTED with the API's page (NFTS_RECEIVED) or NFTS_FAILED.
 *
 * ```ts
 * // NFTS_REQUESTED { cursor: 'abc' } → GET /v1/account/0xf39F…/nfts?chainId=eip155:1&cursor=abc → NFTS_RECEIVED
 * ```
 */
export const readNfts: Effect<PortDeps> = (events$, _state$, deps) =>
  events$.pipe(
    ofType('NFTS_REQUESTED'),
    // A newer request aborts this read (fromRead): that one answers.
    switchMap(({ payload: { account, cursor } }) => {
      const failed = createEvent('NFTS_FAILED', { account, cursor })
      if (deps.api.baseUrl === undefined) return of(failed)
      // Through the instance's account-data service: a network the API does not serve (a chain the
      // wallet added) is not asked, and fails at once.
      return fromRead((signal) => accountData(deps).nfts(account, cursor, { signal })).pipe(
        map(({ data, next }) => createEvent('NFTS_RECEIVED', { account, cursor, items: [...data], next, at: deps.clock.now() })),
        catchError(() => of(failed)),
      )
    }),
  )
