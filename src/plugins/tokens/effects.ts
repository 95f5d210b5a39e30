/**
 * Read the active account's balances from the Blockchain API (SPEC §7 /v1/account/{address}/balance)
 * when the account or network changes and when the modal opens, unless they are fresh (30 s, SPEC
 * §9) or blocked after a failure (30 s, SPEC §5). A failure, or a network the API does not support
 * (v1/supported-chains), shows "Token Balance Unavailable" (SPEC §8) and blocks the address.
 * Only namespaces with balances are read (SPEC §9: eip155 and solana). A wallet that discovers
 * its own assets is asked instead of the API (walletAssets.ts). A send that landed (the public
 * SEND_SUCCESS) reads them again at once, cache or not.
 */
import { catchError, concat, defer, distinctUntilChanged, EMPTY, filter, from, merge, map, mergeMap, of, switchMap, withLatestFrom } from 'rxjs'
import { type Effect, ofType, createEvent, type AirlockEvent, type RootState, type PortDeps, selectConnectedAccount, servedNetworks } from 'airlock/plugin'
import { BALANCE_BLOCK_MS, BALANCE_CACHE_MS } from './state'

/** Public events after which balances are read again at once (a transfer the visitor made landed). */
export const BALANCE_CHANGING_EVENTS: readonly string[] = ['SEND_SUCCESS', 'SWAP_SUCCESS', 'ONRAMP_WIDGET_CLOSED']

/** The namespaces whose balances the API serves (SPEC §9 support by namespace). */
export const BALANCE_NAMESPACES: readonly string[] = ['eip155', 'solana']

/** The active account's CAIP-10 address when its balances can be read, else null. */
const target = (state: RootState): string | null => selectConnectedAccount(state, BALANCE_NAMESPACES)?.caipAddress ?? null

const unavailable = (caipAddress: string, now: number): AirlockEvent[] => [
  createEvent('TOKEN_BALANCES_FAILED', { caipAddress, until: now + BALANCE_BLOCK_MS }),
  createEvent('NOTIFICATION_REQUESTED', { variant: 'error', key: 'balanceUnavailable' }),
]

export const readTokenBalances: Effect<PortDeps> = (events$, state$, { api, wallet, clock }) => {
  const served = servedNetworks(api)
  // Each read says whether it may be answered from the cache (a new account, an open) or not (a landed send).
  const target$ = state$.pipe(map(target), distinctUntilChanged())
  const opened$ = events$.pipe(ofType('MODAL_OPEN'))
  const landed$ = events$.pipe(filter((event) => BALANCE_CHANGING_EVENTS.includes(event.type)))
  const reads$ = merge(
    target$.pipe(map((caipAddress) => ({ caipAddress, force: false }))),
    merge(opened$.pipe(map(() => false)), landed$.pipe(map(() => true))).pipe(
      withLatestFrom(target$),
      map(([force, caipAddress]) => ({ caipAddress, force })),
    ),
  )
  return reads$.pipe(
    withLatestFrom(state$),
    switchMap(([{ caipAddress, force }, state]) => {
      if (caipAddress === null) return EMPTY
      const now = clock.now()
      const read = state.tokens?.byAddress[caipAddress]
      const blocked = state.tokens?.blockedUntil[caipAddress]
      if (!force && read && now - read.at < BALANCE_CACHE_MS) return EMPTY
      if (blocked !== undefined && now < blocked) return EMPTY
      const cut = caipAddress.lastIndexOf(':')
      const chainId = caipAddress.slice(0, cut)
      const address = caipAddress.slice(cut + 1)
      const call = defer(async (): Promise<AirlockEvent[]> => {
        // Only a wallet with capabilities can discover its assets: the code that asks loads for it alone.
        const connection = wallet.connection(state.networks.activeNamespace ?? undefined)
        const fromWallet = connection?.getCapabilities ? await (await import('./walletAssets')).walletAssetBalances(connection, chainId) : undefined
        if (fromWallet) return [createEvent('TOKEN_BALANCES_RECEIVED', { caipAddress, balances: fromWallet, at: clock.now() })]
        if (!(await served()).includes(chainId)) return unavailable(caipAddress, clock.now())
        const { balances } = await api.balance({ address, chainId, currency: 'usd' })
        // A balance without a value (no price known) counts as worth 0 USD.
        const read = balances.map((b) => ({ ...b, value: b.value ?? 0 }))
        return [createEvent('TOKEN_BALANCES_RECEIVED', { caipAddress, balances: read, at: clock.now() })]
      }).pipe(
        catchError(() => [unavailable(caipAddress, clock.now())]),
        mergeMap((events) => from(events)),
      )
      return concat(of(createEvent('TOKEN_BALANCES_REQUESTED', { caipAddress })), call)
    }),
  )
}
