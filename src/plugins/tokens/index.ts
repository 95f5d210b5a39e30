/**
 * The tokens plugin's module: Account's Tokens tab (SPEC §2) on eip155 and solana (§9), from the
 * Blockchain API through the `api` port. Its view is a chunk of its own, loaded when first shown.
 */
import { defineModule, invalidateOnSettled, type PortDeps } from 'airlock/plugin'
import { tokensEvents, type TokenBalancesFailed, type TokenBalancesReceived, type TokenBalancesRequested } from './events'
import { initialTokensState, reduceTokens, type TokensState } from './state'
import { readTokenBalances } from './effects'
import { de, en } from './strings'

declare module '../../kernel/registry' {
  interface EventRegistry {
    TOKEN_BALANCES_REQUESTED: TokenBalancesRequested
    TOKEN_BALANCES_RECEIVED: TokenBalancesReceived
    TOKEN_BALANCES_FAILED: TokenBalancesFailed
  }
  interface StateRegistry {
    tokens?: TokensState
  }
}

declare module '../../events/views' {
  interface ViewRegistry {
    AccountTokens: true
  }
}

export default defineModule<TokensState, PortDeps>({
  id: 'tokens',
  initialState: initialTokensState,
  reduce: reduceTokens,
  events: tokensEvents,
  effects: { readTokenBalances, invalidateOnSettled },
  views: { AccountTokens: () => import('./views/AccountTokens') },
  strings: { en, de },
  accountTabs: [{ id: 'tokens', label: 'tab', view: 'AccountTokens', namespaces: ['eip155', 'solana'] }],
})
