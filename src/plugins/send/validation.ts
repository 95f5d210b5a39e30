/**
 * The send form's checks (SPEC §5: "Send needs an amount and a receiver address … and a token";
 * SPEC §8: "Unsupported chain" on send): the chain, then the token, then the amount and receiver
 * (an amount is typed in a token, so without one there is none: the token is asked for first),
 * then ours, that the amount fits the token's decimals and the balance. SEND_ERROR says each in
 * the strings' English, SPEC's words for the first three.
 */
import type { TokenBalance } from 'airlock/plugin'
import { tokenDecimals } from './amount'
import { exceeds, parseTokenAmount } from './baseUnits'
import type { SendState } from './state'
import { en } from './strings'

/** Why the form cannot be sent. */
export type FormProblem = 'unsupportedChain' | 'tokenRequired' | 'amountAndReceiverRequired' | 'invalidAmount' | 'insufficientBalance'

/** Each problem in words (SPEC §5, §8 for the first three), as SEND_ERROR says it. */
export const SEND_MESSAGES: Readonly<Record<FormProblem, string>> = {
  unsupportedChain: en['errors.unsupportedChain'],
  tokenRequired: en['errors.tokenRequired'],
  amountAndReceiverRequired: en['errors.amountAndReceiverRequired'],
  invalidAmount: en['errors.invalidAmount'],
  insufficientBalance: en['errors.insufficientBalance'],
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
