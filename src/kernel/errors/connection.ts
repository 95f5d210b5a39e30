/** Connecting to, switching and leaving a wallet. */
import { AirlockError, ErrorCategory, type ErrorParameters } from '../errors'

export const DISCONNECT_FAILED = 'Failed to disconnect'
export const CONNECTION_FAILED = 'Connection failed'
export const NO_APPROVED_ACCOUNT = 'The wallet approved no account on the networks this site uses'
export const NO_PAIRING_URI = 'The relay client gave no pairing URI'

/**
 * SPEC §8 "Failed to disconnect", code INTERNAL_SDK_ERROR: the wallet did not let go in time
 * (SPEC §4: 3 s); the wallet's own error, if any, is the cause.
 *
 * ```ts
 * await airlock.disconnect() // rejects with DisconnectFailedError after 3 s without an answer
 * ```
 */
export class DisconnectFailedError extends AirlockError {
  override name = 'DisconnectFailedError'

  constructor(parameters: ErrorParameters = {}) {
    super(DISCONNECT_FAILED, { category: ErrorCategory.INTERNAL_SDK_ERROR, code: ErrorCategory.INTERNAL_SDK_ERROR, ...parameters })
  }
}

/**
 * A connection attempt failed for a reason other than the visitor declining (that is
 * UserRejectedRequestError); the wallet's message is in `details`.
 *
 * ```ts
 * await airlock.connect('io.metamask') // rejects with ConnectionFailedError { details: 'Already processing eth_requestAccounts' }
 * ```
 */
export class ConnectionFailedError extends AirlockError {
  override name = 'ConnectionFailedError'

  constructor(parameters: ErrorParameters = {}) {
    super(CONNECTION_FAILED, parameters)
  }
}

/** A relay session came back without one account on the site's networks. */
export class NoApprovedAccountError extends AirlockError {
  override name = 'NoApprovedAccountError'

  constructor(parameters: ErrorParameters = {}) {
    super(NO_APPROVED_ACCOUNT, parameters)
  }
}

/** The relay client started a pairing but gave no URI to show. */
export class PairingUriMissingError extends AirlockError {
  override name = 'PairingUriMissingError'

  constructor(parameters: ErrorParameters = {}) {
    super(NO_PAIRING_URI, { category: ErrorCategory.NETWORK, ...parameters })
  }
}
