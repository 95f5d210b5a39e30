/**
 * Why an approval or a swap failed, from what the wallet, the chain or the API said, and the
 * events that say so: USER_REJECTED first when the visitor declined (4001), SWAP_ERROR (public),
 * and the error banner naming the kind (`swap.errors.<reason>`), with the error's own words under it.
 */
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { SwapFailure } from './events'
import { SWAP_MESSAGES } from './refusals'

function chain(error: unknown): unknown[] {
  const links: unknown[] = []
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    links.push(current)
    current = (current as { cause?: unknown }).cause
  }
  return links
}

/**
 * ```ts
 * swapFailure({ code: 4001 }) // 'rejected'
 * swapFailure(new AirlockError('Network not supported for Swaps')) // 'unsupportedNetwork'
 * swapFailure(new Error('Transaction reverted')) // 'reverted'
 * ```
 */
export function swapFailure(error: unknown): SwapFailure {
  const links = chain(error)
  if (links.some((e) => (e as { code?: unknown }).code === 4001 || (e instanceof AirlockError && e.category === ErrorCategory.USER_REJECTED))) return 'rejected'
  if (links.some((e) => e instanceof AirlockError && (e.shortMessage === SWAP_MESSAGES.swaps || e.shortMessage === SWAP_MESSAGES.gasPrice)))
    return 'unsupportedNetwork'
  const words = links.map((e) => String((e as { message?: unknown }).message ?? '')).join('\n')
  if (/reverted|execution reverted/i.test(words)) return 'reverted'
  return 'failed'
}

/** The error's own words, first line, at most 200 characters. */
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
