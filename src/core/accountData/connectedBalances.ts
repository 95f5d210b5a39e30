/**
 * The balances of the connected account, for a plugin that shows or uses them beside its own work
 * (send's and swap's token lists, the on-ramp's "Your balance"): read through the account-data
 * service when the account or network changes, when the modal opens and when something
 * invalidates them, so plugins showing the same account share one call and none reads another's
 * slice. A failure gives nothing (the plugin keeps what it has; the Tokens tab says it).
 */
import { EMPTY, catchError, distinctUntilChanged, filter, map, merge, switchMap, withLatestFrom, type Observable } from 'rxjs'
import type { AirlockEvent, RootState } from '../../kernel/registry'
import type { TokenBalance } from '../../events/account'
import { ofType } from '../../kernel/operators'
import { selectConnectedAccount } from '../account/connectedAccount'
import { touches } from './cache'
import { accountData, fromRead, type AccountDataDeps } from './service'

export interface ConnectedBalances {
  readonly caipAddress: string
  readonly balances: readonly TokenBalance[]
}

/**
 * The connected account's balances on the namespaces given, each time they are read, while
 * `shown` holds (say, while the plugin's view is on screen).
 *
 * ```ts
 * export const readBalances: Effect<PortDeps> = (events$, state$, deps) =>
 *   connectedBalances(events$, state$, deps, ['eip155', 'solana'], (state) => selectView(state) === 'WalletSend').pipe(map((read) => createEvent('SEND_BALANCES_READ', read)))
 * ```
 */
export function connectedBalances(
  events$: Observable<AirlockEvent>,
  state$: Observable<RootState>,
  deps: AccountDataDeps,
  namespaces: readonly string[],
  shown: (state: RootState) => boolean = () => true,
): Observable<ConnectedBalances> {
  const data = accountData(deps)
  const target$ = state$.pipe(
    map((state) => (shown(state) ? (selectConnectedAccount(state, namespaces)?.caipAddress ?? null) : null)),
    distinctUntilChanged(),
  )
  const opened$ = events$.pipe(
    ofType('MODAL_OPEN'),
    withLatestFrom(target$),
    map(([, caipAddress]) => caipAddress),
  )
  const invalidated$ = data.invalidated$.pipe(
    withLatestFrom(target$),
    filter(([match, caipAddress]) => caipAddress !== null && touches(match, { resource: 'balances', account: caipAddress })),
    map(([, caipAddress]) => caipAddress),
  )
  return merge(target$, opened$, invalidated$).pipe(
    switchMap((caipAddress) =>
      caipAddress === null
        ? EMPTY
        : fromRead((signal) => data.balances(caipAddress, { signal })).pipe(
            map((balances) => ({ caipAddress, balances })),
            catchError(() => EMPTY),
          ),
    ),
  )
}
