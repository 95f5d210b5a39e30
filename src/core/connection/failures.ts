/**
 * The error an instance method rejects with, from the event that reports the failure. Events are
 * data (they carry a message and, for a switch, the wallet's code), so the class is found again
 * from them: one of ours by its SPEC §8 short message, a wallet's refusal by its code.
 */
import type { AirlockError } from '../../kernel/errors'
import { ChainAdapterNotFoundError, CHAIN_ADAPTER_NOT_FOUND, NETWORK_NOT_FOUND, NetworkNotFoundError } from '../../kernel/errors/lookup'
import {
  ConnectionFailedError,
  DisconnectFailedError,
  DISCONNECT_FAILED,
  NO_APPROVED_ACCOUNT,
  NO_PAIRING_URI,
  NoApprovedAccountError,
  PairingUriMissingError,
} from '../../kernel/errors/connection'
import { providerError, SwitchChainError, UserRejectedRequestError } from '../../kernel/errors/provider'
import type { ConnectError, UserRejected } from '../../events/connection'
import type { NetworkSwitchFailed } from '../../events/network'

/**
 * USER_REJECTED → UserRejectedRequestError; CONNECT_ERROR → the class of one of our messages
 * ("Chain adapter not found", …), else ConnectionFailedError; the wallet's message is in `details`.
 *
 * ```ts
 * connectFailure(createEvent('USER_REJECTED', { message: 'User denied account authorization' })) // UserRejectedRequestError
 * ```
 */
export function connectFailure(event: UserRejected | ConnectError): AirlockError {
  const { message } = event.payload
  if (event.type === 'USER_REJECTED') return new UserRejectedRequestError({ details: message })
  switch (message) {
    case CHAIN_ADAPTER_NOT_FOUND:
      return new ChainAdapterNotFoundError()
    case NO_APPROVED_ACCOUNT:
      return new NoApprovedAccountError()
    case NO_PAIRING_URI:
      return new PairingUriMissingError()
    default:
      return new ConnectionFailedError({ details: message })
  }
}

/**
 * NETWORK_SWITCH_FAILED → NetworkNotFoundError (SPEC §8), the wallet's refusal or failure by its
 * code (4001 → UserRejectedRequestError), else SwitchChainError with the message as details.
 *
 * ```ts
 * switchFailure({ caipNetworkId: 'eip155:137', message: 'User rejected the switch', code: 4001 }) // UserRejectedRequestError
 * ```
 */
export function switchFailure(payload: NetworkSwitchFailed['payload']): AirlockError {
  if (payload.message === NETWORK_NOT_FOUND) return new NetworkNotFoundError({ caipNetworkId: payload.caipNetworkId })
  if (payload.message === CHAIN_ADAPTER_NOT_FOUND) return new ChainAdapterNotFoundError()
  if (payload.code !== undefined) return providerError({ code: payload.code, message: payload.message })
  return new SwitchChainError({ details: payload.message })
}

/** DISCONNECT_ERROR → DisconnectFailedError "Failed to disconnect", code INTERNAL_SDK_ERROR (SPEC §8). */
export function disconnectFailure(message: string): DisconnectFailedError {
  return new DisconnectFailedError(message === DISCONNECT_FAILED ? {} : { details: message })
}
