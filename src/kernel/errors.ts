/**
 * Error types. Every error the SDK raises carries a category (SPEC §8: SDK errors are wrapped
 * with a category, default INTERNAL_SDK_ERROR), a short message, optional details and a cause.
 */

export const ErrorCategory = {
  INTERNAL_SDK_ERROR: 'INTERNAL_SDK_ERROR',
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  STORAGE: 'STORAGE',
  NETWORK: 'NETWORK',
  RPC: 'RPC',
  USER_REJECTED: 'USER_REJECTED',
} as const
export type ErrorCategory = (typeof ErrorCategory)[keyof typeof ErrorCategory]

export interface AirlockErrorOptions {
  readonly category?: string
  readonly code?: number | string
  readonly details?: string
  readonly cause?: unknown
}

/**
 * The base error. `message` is the short message (the exact SPEC §8 wording where there is one);
 * `details` says more; `cause` chains the original error.
 *
 * ```ts
 * throw new AirlockError('Chain is required to set account prop', { category: 'INTERNAL_SDK_ERROR' })
 * ```
 */
export class AirlockError extends Error {
  override readonly name: string = 'AirlockError'
  readonly category: string
  readonly code: number | string | undefined
  readonly details: string | undefined

  constructor(message: string, options: AirlockErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.category = options.category ?? ErrorCategory.INTERNAL_SDK_ERROR
    this.code = options.code
    this.details = options.details
  }
}

/** Read a message from anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message
    if (typeof message === 'string') return message
  }
  return 'Unknown error'
}

/**
 * Wrap anything thrown into an AirlockError with a category, keeping an existing category and
 * the original as the cause.
 */
export function wrapError(error: unknown, category: string = ErrorCategory.INTERNAL_SDK_ERROR): AirlockError {
  if (error instanceof AirlockError) return error
  const code = typeof error === 'object' && error !== null && 'code' in error ? ((error as { code: unknown }).code as number | string | undefined) : undefined
  return new AirlockError(errorMessage(error), { category, cause: error, code: typeof code === 'number' || typeof code === 'string' ? code : undefined })
}
