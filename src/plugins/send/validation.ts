/**
 * The send form's checks (SPEC §5: "Send needs an amount and a receiver address … and a token";
 * SPEC §8: "Unsupported chain" on send): the chain, then the token, then the amount and receiver
 * (an amount is typed in a token, so without one there is none: the token is asked for first),
 * then ours, that the amount fits the token's decimals and the balance. The messages are SPEC's
 * words: SEND_ERROR carries them, and the strings' English texts are these.
 */
import type { TokenBalance } from '../../events/account'
import { exceeds, parseTokenAmount, tokenDecimals } from './amount'
import type { SendState } from './state'

/** Why the form cannot be sent. */
export type FormProblem = 'unsupportedChain' | 'tokenRequired' | 'amountAndReceiverRequired' | 'invalidAmount' | 'insufficientBalance'

/** Each problem in words (SPEC §5, §8 for the first three). */
export const SEND_MESSAGES: Readonly<Record<FormProblem, string>> = {
  unsupportedChain: 'Unsupported chain',
  amountAndReceiverRequired: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
  invalidAmount: 'Enter an amount above 0 with no more decimals than the token has',
  insufficientBalance: 'The amount is more than your balance',
}

/**
 * The first reason the form cannot be sent, or null. `supported`: the active namespace sends and
 * has an account; `token`: the chosen token as its balance reads now.
 *
 * ```ts
 * formProblem(true, { ...form, sendTokenAmount: null }, eth) // 'amountAndReceiverRequired'
 * ```
 */
export function formProblem(supported: boolean, send: SendState, token: TokenBalance | null): FormProblem | null {
  if (!supported) return 'unsupportedChain'
  if (!token) return 'tokenRequired'
  if (!send.sendTokenAmount || !send.receiverAddress) return 'amountAndReceiverRequired'
  const decimals = tokenDecimals(token.quantity.decimals)
  const units = decimals === null ? null : parseTokenAmount(send.sendTokenAmount, decimals)
  if (units === null || units === 0n) return 'invalidAmount'
  if (exceeds(send.sendTokenAmount, token.quantity.numeric)) return 'insufficientBalance'
  return null
}
