/**
 * The balances the form lists (the tokens to send and what is left), read through the instance's
 * account-data service while WalletSend or its preview is shown: shared with the Tokens tab when
 * it is on (one call), and there when it is off (send never reads the tokens plugin's slice).
 */
import { map } from 'rxjs'
import { type Effect, type PortDeps, type RootState, connectedBalances, createEvent, selectView } from 'airlock/plugin'
import { SEND_NAMESPACES } from './namespaces'

const SEND_VIEWS: readonly string[] = ['WalletSend', 'WalletSendPreview']
const shown = (state: RootState) => state.router.open && SEND_VIEWS.includes(selectView(state))

/** SEND_BALANCES_READ each time the connected account's balances are read while the form is shown. */
export const readSendBalances: Effect<PortDeps> = (events$, state$, deps) =>
  connectedBalances(events$, state$, deps, SEND_NAMESPACES, shown).pipe(map((read) => createEvent('SEND_BALANCES_READ', read)))
