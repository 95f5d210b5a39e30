/** How a wallet's refusal or failure becomes events. */
import { errorCode, errorMessage, USER_REJECTED_CODE } from '../../chains/adapter'
import { createEvent, type AirlockEvent } from '../../kernel/registry'

export const CONNECT_FAILED_MESSAGE = 'Connection failed'

/**
 * USER_REJECTED for code 4001 (SPEC §8), CONNECT_ERROR with the wallet's message otherwise.
 *
 * ```ts
 * connectFailure({ code: 4001, message: 'User rejected the request.' }) // [USER_REJECTED]
 * ```
 */
export function connectFailure(error: unknown): AirlockEvent[] {
  const message = errorMessage(error, CONNECT_FAILED_MESSAGE)
  return errorCode(error) === USER_REJECTED_CODE ? [createEvent('USER_REJECTED', { message })] : [createEvent('CONNECT_ERROR', { message })]
}
