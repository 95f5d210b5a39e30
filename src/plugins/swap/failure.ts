/**
 * Why an approval or a swap failed, from what the wallet, the chain or the API said, and the
 * events that say so: USER_REJECTED first when the visitor declined (4001), SWAP_ERROR (public),
 * and the error banner naming the kind (`swap.errors.<reason>`), with the error's own words under it.
 */
import { AirlockError, chainFailure, createEvent, type AirlockEvent } from 'airlock/plugin'
import type { SwapFailure } from './events'
import { SWAP_MESSAGES } from './refusals'

/**
 * The kind of a failed approval or swap: the wallet or chain's kind (src/format/chainFailure), the
 * network refused by SPEC §5, and anything else 'failed'.
 *
 * ```ts
 * swapFailure({ code: 4001 }) // 'rejected'
 * swapFailure(new AirlockError('Network not supported for Swaps')) // 'unsupportedNetwork'
 * swapFailure(new Error('Transaction reverted')) // 'reverted'
 * ```
 */
export function swapFailure(error: unknown): SwapFailure {
  const kind = chainFailure(error)
  if (kind === 'rejected') return 'rejected'
  if (refused(error)) return 'unsupportedNetwork'
  return kind === 'reverted' ? 'reverted' : 'failed'
}

/** Whether the error, or one of its causes, is a SPEC §5 refusal of the network. */
function refused(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof AirlockError && (current.shortMessage === SWAP_MESSAGES.swaps || current.shortMessage === SWAP_MESSAGES.gasPrice)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * The error's own words, first line, at most 200 characters: an AirlockError's short message (SPEC
 * §8's words, "Network not supported for Swaps"), not its details as send's banner shows.
 */
export function failureMessage(error: unknown): string {
  const own = error instanceof AirlockError ? error.shortMessage : error instanceof Error ? error.message : String(error)
  const line = own.split('\n')[0]?.trim() || 'The swap failed'
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

/** The form's network, tokens and amount as SWAP_ERROR carries them (null where it had none). */
export interface SwapAttempt {
  readonly caipNetworkId: string | null
  readonly fromToken: string | null
  readonly toToken: string | null
  readonly fromAmount: string | null
}

export function swapFailed(attempt: SwapAttempt, step: 'approve' | 'swap', error: unknown, at: number): AirlockEvent[] {
  const reason = swapFailure(error)
  const message = failureMessage(error)
  return [
    ...(reason === 'rejected' ? [createEvent('USER_REJECTED', { message })] : []),
    createEvent('SWAP_ERROR', { ...attempt, step, message, reason, at }),
    createEvent('NOTIFICATION_REQUESTED', { variant: 'error', key: `swap.errors.${reason}`, ...(reason !== 'rejected' && { detail: message }) }),
  ]
}
