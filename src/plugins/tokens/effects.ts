/**
 * Read the active account's balances through the account-data service (`accountData`: the
 * Blockchain API's SPEC §7 /v1/account/{address}/balance, or the wallet's own assets when it
 * discovers them) when the account or network changes and when the modal opens, unless they are
 * fresh in the instance's cache (30 s, SPEC §9: read here or by another plugin) or blocked after a
 * failure (30 s, SPEC §5). A failure, or a network the API does not support (v1/supported-chains),
 * shows "Token Balance Unavailable" (SPEC §8) and blocks the address. Only namespaces with
 * balances are read (SPEC §9: eip155 and solana). A transaction that settled on the account's
 * chain (TRANSACTION_SETTLED, which invalidates them in the service) reads them again at once.
 */
import { catchError, concat, distinctUntilChanged, EMPTY, filter, from, merge, map, mergeMap, of, switchMap, withLatestFrom } from 'rxjs'
import {
  type Effect,
  ofType,
  createEvent,
  type AirlockEvent,
  type RootState,
  type PortDeps,
  type TokenBalance,
  selectConnectedAccount,
  accountData,
  touches,
  fromRead,
  BALANCE_BLOCK_MS,
} from 'airlock/plugin'

/** The namespaces whose balances the API serves (SPEC §9 support by namespace). */
export const BALANCE_NAMESPACES: readonly string[] = ['eip155', 'solana']

/** The active account's CAIP-10 address when its balances can be read, else null. */
const target = (state: RootState): string | null => selectConnectedAccount(state, BALANCE_NAMESPACES)?.caipAddress ?? null

const unavailable = (caipAddress: string, now: number): AirlockEvent[] => [
  createEvent('TOKEN_BALANCES_FAILED', { caipAddress, until: now + BALANCE_BLOCK_MS }),
  createEvent('NOTIFICATION_REQUESTED', { variant: 'error', key: 'balanceUnavailable' }),
]

export const readTokenBalances: Effect<PortDeps> = (events$, state$, deps) => {
  const { clock } = deps
  const data = accountData(deps)
  // Each read says whether it may be answered from the cache (a new account, an open) or not (a landed send).
  const target$ = state$.pipe(map(target), distinctUntilChanged())
  const opened$ = events$.pipe(ofType('MODAL_OPEN'))
  // Something invalidated the shown account's balances (a TRANSACTION_SETTLED on its chain).
  const landed$ = data.invalidated$.pipe(
    withLatestFrom(target$),
    filter(([match, caipAddress]) => caipAddress !== null && touches(match, { resource: 'balances', account: caipAddress })),
  )
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
      const blocked = state.tokens?.blockedUntil[caipAddress]
      if (blocked !== undefined && clock.now() < blocked) return EMPTY
      const known = data.peek<readonly TokenBalance[]>('balances', caipAddress)
      if (!force && known && data.fresh('balances', caipAddress)) {
        // Fresh in the instance's cache (read here, or by send, swap or the on-ramp): no call.
        if (state.tokens?.byAddress[caipAddress]?.at === known.at) return EMPTY
        return of(createEvent('TOKEN_BALANCES_RECEIVED', { caipAddress, balances: [...known.data], at: known.at }))
      }
      const call = fromRead((signal) => data.balances(caipAddress, { force, signal })).pipe(
        map((balances) => [
          createEvent('TOKEN_BALANCES_RECEIVED', { caipAddress, balances: [...balances], at: data.peek('balances', caipAddress)?.at ?? clock.now() }),
        ]),
        catchError(() => [unavailable(caipAddress, clock.now())]),
        mergeMap((events) => from(events)),
      )
      return concat(of(createEvent('TOKEN_BALANCES_REQUESTED', { caipAddress })), call)
    }),
  )
}
