/**
 * The swap plugin's module (SPEC §1 "Swap tokens", §2 Swap view, eip155): the Account action Swap
 * opens the Swap view: the tokens to swap from and to (searchable, with the visitor's balances),
 * the amount in and, from the quote, the amount out, price, price impact, slippage (SPEC §9
 * default 1%) and network fee; an "Approve X" step first when the router's allowance is short,
 * then "Swap", both sent through the `wallet` port. The API's convert calls are refused on a
 * network it does not serve (SPEC §5, §8 "Network not supported for Swaps" / "… for Gas Price").
 * The view is a chunk of its own, loaded when first shown; so are the effects (./effects).
 */
import { defineModule, type Effect, lazyEffects, createEvent, selectView, invalidateOnSettled, type PortDeps } from 'airlock/plugin'
import { swapEvents } from './events'
import { initialSwapState, reduceSwap, type SwapState } from './state'
import { swapCommands } from './commands'
import { strings } from './stringsByLocale'
import { SWAP_NAMESPACES } from './namespaces'
import { readSwapBalances } from './balances'
import type * as EffectsChunkModule from './effects'

type EffectsChunk = typeof EffectsChunkModule

export type { SwapState } from './state'

// The plugin's events, slice, view and commands join the registries (declaration merging).
declare module 'airlock/plugin' {
  interface StateRegistry {
    swap?: SwapState
  }
  interface ViewRegistry {
    Swap: true
  }
  interface CommandRegistry {
    swap: typeof swapCommands
  }
}

/**
 * The effects are a chunk of their own, loaded when the Swap view is first shown (or a step is
 * asked for). Should it fail to load, a step waiting for it fails rather than loading forever.
 */
const effects: Effect<PortDeps> = (events$, state$, deps) =>
  lazyEffects<EffectsChunk, PortDeps>({
    what: 'swap',
    needs: (event, state) => event.type.startsWith('SWAP_') || (state !== undefined && selectView(state) === 'Swap'),
    load: () => import('./effects'),
    effect: (chunk) => chunk.swapEffects,
    failure: (events, error) =>
      events
        .filter((event) => event.type === 'SWAP_REQUESTED' || event.type === 'SWAP_APPROVE_REQUESTED')
        .slice(0, 1)
        .map((event) =>
          createEvent('SWAP_ERROR', {
            caipNetworkId: null,
            fromToken: null,
            toToken: null,
            fromAmount: null,
            step: event.type === 'SWAP_REQUESTED' ? 'swap' : 'approve',
            message: String(error),
            reason: 'failed',
            at: deps.clock.now(),
          }),
        ),
  })(events$, state$, deps)

export default defineModule<SwapState, PortDeps>({
  id: 'swap',
  initialState: initialSwapState,
  reduce: reduceSwap,
  events: swapEvents.codecs,
  publicEvents: swapEvents.public,
  effects: { swap: effects, balances: readSwapBalances, invalidateOnSettled },
  views: { Swap: () => import('./views/Swap') },
  strings,
  commands: swapCommands,
  // 'swaps': the id SPEC §9's wallet feature order names.
  accountActions: [{ id: 'swaps', label: 'action', view: 'Swap', namespaces: SWAP_NAMESPACES }],
})
