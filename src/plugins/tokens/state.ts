/**
 * The tokens plugin's slice: balances per CAIP-10 address with when they were read (SPEC §3 caches
 * keyed by address: portfolio balance), what is loading, and the block after a failure.
 */
import type { Draft } from 'immer'
import type { TokenBalance, AirlockEvent } from 'airlock/plugin'

export interface AddressBalances {
  readonly balances: readonly TokenBalance[]
  readonly at: number
}

export interface TokensState {
  readonly byAddress: Readonly<Record<string, AddressBalances>>
  /** The CAIP-10 address whose balances are being read, or null. */
  readonly loading: string | null
  /** No call for the address before this time (clock ms), after a failure. */
  readonly blockedUntil: Readonly<Record<string, number>>
}

export const initialTokensState: TokensState = { byAddress: {}, loading: null, blockedUntil: {} }

export function reduceTokens(draft: Draft<TokensState>, event: AirlockEvent): void {
  switch (event.type) {
    case 'TOKEN_BALANCES_REQUESTED':
      draft.loading = event.payload.caipAddress
      return
    case 'TOKEN_BALANCES_RECEIVED': {
      const { caipAddress, balances, at } = event.payload
      draft.byAddress[caipAddress] = { balances, at } as Draft<AddressBalances>
      delete draft.blockedUntil[caipAddress]
      if (draft.loading === caipAddress) draft.loading = null
      return
    }
    case 'TOKEN_BALANCES_FAILED': {
      const { caipAddress, until } = event.payload
      draft.blockedUntil[caipAddress] = until
      delete draft.byAddress[caipAddress]
      if (draft.loading === caipAddress) draft.loading = null
      return
    }
    case 'CONNECTION_RESET':
    case 'DISCONNECT_SUCCESS':
      // The visitor left: what was read for them goes with them.
      if (event.payload.namespace === null) return void Object.assign(draft, initialTokensState)
      return
    default:
      return
  }
}
