/**
 * The swap plugin's commands: what the Swap view may do, each `(state, ...args) => events`,
 * computed on the state at the command's turn in the queue. The view calls them through
 * `useCommands().swap`.
 */
import { createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import type { SwapSide } from './events'

const busy = (state: RootState) => (state.swap?.phase ?? 'idle') !== 'idle'

export const swapCommands = {
  /** The visitor chose the token to swap from or to (its CAIP-10 address). */
  chooseToken: (_state: RootState, side: SwapSide, address: string): AirlockEvent[] => [createEvent('SWAP_TOKEN_SELECTED', { side, address })],

  /** Swap the two tokens' places. */
  flip: (): AirlockEvent[] => [createEvent('SWAP_TOKENS_FLIPPED', {})],

  /** The amount to swap, typed in the "from" token. */
  enterAmount: (_state: RootState, text: string): AirlockEvent[] => [createEvent('SWAP_AMOUNT_ENTERED', { text })],

  /** The slippage tolerance, typed in percent. */
  enterSlippage: (_state: RootState, text: string): AirlockEvent[] => [createEvent('SWAP_SLIPPAGE_ENTERED', { text })],

  /** "Approve X": nothing while a step is under way (a double click approves once). */
  approve: (state: RootState): AirlockEvent[] => (busy(state) ? [] : [createEvent('SWAP_APPROVE_REQUESTED', {})]),

  /** "Swap": nothing while a step is under way. */
  swap: (state: RootState): AirlockEvent[] => (busy(state) ? [] : [createEvent('SWAP_REQUESTED', {})]),
}
