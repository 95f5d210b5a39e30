/** Account data needs a chain (SPEC §5). */
import { AirlockError, ErrorCategory, type ErrorParameters } from '../errors'

export const CHAIN_REQUIRED_TO_SET = 'Chain is required to set account prop'
export const CHAIN_REQUIRED_TO_UPDATE = 'Chain is required to update chain account data'

/**
 * SPEC §8 "Chain is required to set account prop" or "Chain is required to update chain account
 * data": account data was given without a known namespace.
 *
 * ```ts
 * throw new ChainRequiredError(CHAIN_REQUIRED_TO_SET, { details: 'No chain namespace was given' })
 * ```
 */
export class ChainRequiredError extends AirlockError {
  override name = 'ChainRequiredError'

  constructor(shortMessage: typeof CHAIN_REQUIRED_TO_SET | typeof CHAIN_REQUIRED_TO_UPDATE, parameters: ErrorParameters = {}) {
    super(shortMessage, { category: ErrorCategory.INTERNAL_SDK_ERROR, ...parameters })
  }
}
