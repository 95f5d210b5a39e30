/**
 * The events of a failed send (SPEC §8): USER_REJECTED first when the visitor declined (4001),
 * SEND_ERROR (public), and the error banner naming the kind of failure (`send.errors.<reason>`),
 * with the error's own words under it where the kind says too little.
 */
import { createEvent, type AirlockEvent } from 'airlock/plugin'
import type { SendFailure } from './events'

/** The form's network, token and amount, as SEND_ERROR carries them (null where it had none). */
export interface SendAttempt {
  readonly caipNetworkId: string | null
  readonly token: string | null
  readonly amount: string | null
}

/**
 * ```ts
 * sendFailed({ caipNetworkId: 'eip155:1', token: 'ETH', amount: '1' }, 'rejected', 'User rejected the request.', now)
 * // [USER_REJECTED, SEND_ERROR, NOTIFICATION_REQUESTED { variant: 'error', key: 'send.errors.rejected' }]
 * ```
 */
export function sendFailed(attempt: SendAttempt, reason: SendFailure, message: string, at: number, detail?: string): AirlockEvent[] {
  return [
    ...(reason === 'rejected' ? [createEvent('USER_REJECTED', { message })] : []),
    createEvent('SEND_ERROR', { ...attempt, message, reason, at }),
    createEvent('NOTIFICATION_REQUESTED', { variant: 'error', key: `send.errors.${reason}`, ...(detail && { detail }) }),
  ]
}
