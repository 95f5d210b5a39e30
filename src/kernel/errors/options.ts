/** The site's options, or a value the site passes at run time, do not decode. */
import { AirlockError, ErrorCategory, type ErrorParameters } from '../errors'

/**
 * Category INVALID_OPTIONS. The short message names the option and what was wrong with it.
 *
 * ```ts
 * createAirlock({ networks: [] }) // throws InvalidOptionsError 'Invalid options: networks: expected at least one network, got an empty array'
 * ```
 */
export class InvalidOptionsError extends AirlockError {
  override name = 'InvalidOptionsError'

  constructor(shortMessage: string, parameters: ErrorParameters = {}) {
    super(shortMessage, { category: ErrorCategory.INVALID_OPTIONS, ...parameters })
  }
}
