/** How a wallet's refusal or failure becomes events. */
import { errorCode, errorMessage, USER_REJECTED_CODE } from '../../chains/adapter'
import type { ErrorBanner } from '../../kernel/errors/chainNotInWallet'
import { AirlockError } from '../../kernel/errors'
import { createEvent, type AirlockEvent } from '../../kernel/registry'

/** The analytics message of a failure whose wallet said nothing. Not shown: the banner says `walletError`. */
export const CONNECT_FAILED_MESSAGE = 'Connection failed'

/**
 * USER_REJECTED for code 4001 (SPEC §8), CONNECT_ERROR with the wallet's message otherwise. A
 * failure also asks for the error banner by its strings key (`walletError`), with the wallet's own
 * message as the detail under it: the product's words come from the strings table, the wallet's
 * are shown as the wallet wrote them. A refusal needs no banner: the visitor made it. One of our
 * errors that knows better names its banner itself (`banner`: ChainNotInWalletError's
 * `walletLacksNetwork`), and its `details` are the CONNECT_ERROR message.
 *
 * ```ts
 * connectFailure({ code: 4001, message: 'User rejected the request.' }) // [USER_REJECTED]
 * connectFailure({ code: -32603, message: 'Internal error' })
 * // [CONNECT_ERROR { message: 'Internal error' }, NOTIFICATION_REQUESTED { variant: 'error', key: 'walletError', detail: 'Internal error' }]
 * ```
 */
export function connectFailure(error: unknown): AirlockEvent[] {
  if (errorCode(error) === USER_REJECTED_CODE) return [createEvent('USER_REJECTED', { message: errorMessage(error, CONNECT_FAILED_MESSAGE) })]
  // One of our errors that names its own banner (ChainNotInWalletError: what the wallet lacks) says it in the strings' words.
  const banner = error instanceof AirlockError && 'banner' in error ? (error.banner as ErrorBanner) : undefined
  // A wallet that throws a bare string (not an Error) still said something: show it as it wrote it.
  const own = errorMessage(typeof error === 'string' ? { message: error } : error, '')
  return [
    createEvent('CONNECT_ERROR', { message: (banner && (error as AirlockError).details) || own || CONNECT_FAILED_MESSAGE }),
    createEvent('NOTIFICATION_REQUESTED', banner ?? (own ? { variant: 'error', key: 'walletError', detail: own } : { variant: 'error', key: 'walletError' })),
  ]
}
