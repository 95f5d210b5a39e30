/**
 * Read an account's NFTs from the Blockchain API (GET /v1/account/{address}/nfts): the first page
 * when the NFTs tab comes on screen, or when the account or network changes while it is, unless
 * it was read within 30 s; a next page when the visitor asks (the `loadMore` command). One call at
 * a time: a newer request aborts the one under way. With no Blockchain API configured nothing is
 * called: the request fails at once; so does one for a network the API does not serve (v1/supported-chains).
 */
import { distinctUntilChanged, filter, map, Observable, of, switchMap } from 'rxjs'
import { type Effect, ofType, createEvent, assertServed, type AirlockEvent, type PortDeps } from 'airlock/plugin'
import { shownNftsAccount, split } from './target'
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
export const readNfts: Effect<PortDeps> = (events$, _state$, { api, clock }) =>
  events$.pipe(
    ofType('NFTS_REQUESTED'),
    switchMap(({ payload: { account, cursor } }) => {
      const failed = createEvent('NFTS_FAILED', { account, cursor })
      if (api.baseUrl === undefined) return of(failed)
      const [chainId, address] = split(account)
      return new Observable<AirlockEvent>((subscriber) => {
        const controller = new AbortController()
        // A network the API does not serve (a chain the wallet added) is not asked: it fails at once.
        assertServed(api, chainId)
          .then(() => api.nfts({ address, chainId, cursor: cursor ?? undefined }, { signal: controller.signal }))
          .then(
            ({ data, next }) => {
              subscriber.next(createEvent('NFTS_RECEIVED', { account, cursor, items: [...data], next, at: clock.now() }))
              subscriber.complete()
            },
            () => {
              // Aborted by a newer request: that one answers.
              if (controller.signal.aborted) return
              subscriber.next(failed)
              subscriber.complete()
            },
          )
        return () => controller.abort()
      })
    }),
  )
