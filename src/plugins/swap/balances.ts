/**
 * The balances the form shows beside each token, read through the instance's account-data service
 * while Swap is shown: shared with the Tokens tab when it is on (one call), and there when it is
 * off (swap never reads the tokens plugin's slice).
 */
import { map } from 'rxjs'
import { type Effect, type PortDeps, type RootState, connectedBalances, createEvent, selectView } from 'airlock/plugin'
import { SWAP_NAMESPACES } from './namespaces'

const shown = (state: RootState) => state.router.open && selectView(state) === 'Swap'

/** SWAP_BALANCES_READ each time the connected account's balances are read while Swap is shown. */
export const readSwapBalances: Effect<PortDeps> = (events$, state$, deps) =>
  connectedBalances(events$, state$, deps, SWAP_NAMESPACES, shown).pipe(map((read) => createEvent('SWAP_BALANCES_READ', read)))
