/**
 * The tokens plugin's module: Account's Tokens tab (SPEC §2) on eip155 and solana (§9), from the
 * Blockchain API through the `api` port. Its view is a chunk of its own, loaded when first shown.
 */
import { defineModule, invalidateOnSettled, type PortDeps } from 'airlock/plugin'
import { tokensEvents } from './events'
import { initialTokensState, reduceTokens, type TokensState } from './state'
import { readTokenBalances } from './effects'
import { strings } from './stringsByLocale'

declare module 'airlock/plugin' {
  interface StateRegistry {
    tokens?: TokensState
  }
  interface ViewRegistry {
    AccountTokens: true
  }
}

export default defineModule<TokensState, PortDeps>({
  id: 'tokens',
  initialState: initialTokensState,
  reduce: reduceTokens,
  events: tokensEvents.codecs,
  effects: { readTokenBalances, invalidateOnSettled },
  views: { AccountTokens: () => import('./views/AccountTokens') },
  strings,
  accountTabs: [{ id: 'tokens', label: 'tab', view: 'AccountTokens', namespaces: ['eip155', 'solana'] }],
})
