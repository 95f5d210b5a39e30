/** The tokens plugin's events (not public): a request for an account's balances and its answer. */
import * as t from 'io-ts'
import { defineEvent, TokenBalance, defineEvents, type EventsOf } from 'airlock/plugin'

/** Balances of `caipAddress` were asked for (the account or network changed, the modal opened, a retry). */
export const TokenBalancesRequested = defineEvent('TOKEN_BALANCES_REQUESTED', t.type({ caipAddress: t.string }))
export type TokenBalancesRequested = t.TypeOf<typeof TokenBalancesRequested>

/** The API answered; `at` is the clock's time (the 30 s cache of SPEC §9 runs from it). */
export const TokenBalancesReceived = defineEvent('TOKEN_BALANCES_RECEIVED', t.type({ caipAddress: t.string, balances: t.array(TokenBalance), at: t.number }))
export type TokenBalancesReceived = t.TypeOf<typeof TokenBalancesReceived>

/** The call failed, or the network is not one the API supports; no call before `until` (SPEC §5: blocked 30 s). */
export const TokenBalancesFailed = defineEvent('TOKEN_BALANCES_FAILED', t.type({ caipAddress: t.string, until: t.number }))
export type TokenBalancesFailed = t.TypeOf<typeof TokenBalancesFailed>

export const tokensEvents = defineEvents({
  TOKEN_BALANCES_REQUESTED: TokenBalancesRequested,
  TOKEN_BALANCES_RECEIVED: TokenBalancesReceived,
  TOKEN_BALANCES_FAILED: TokenBalancesFailed,
})

// The plugin's events join the registries from this one declaration.
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof tokensEvents> {}
}
