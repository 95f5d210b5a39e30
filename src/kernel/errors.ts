/**
 * The base of the error family. Every error the SDK throws or rejects with is an `AirlockError`
 * (one of the subclasses in `./errors/`), in the style of viem's `BaseError`: a short message in
 * SPEC §8's words, details, a cause chain, a category (SPEC §8: SDK errors are wrapped with a
 * category, default INTERNAL_SDK_ERROR) and, where SPEC §8 has one, a code.
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
  /** One of `ErrorCategory`, or a plugin's own. Default INTERNAL_SDK_ERROR. */
  readonly category?: string
  /** The SPEC §8 code: a provider or JSON-RPC number, an HTTP status, or a category name. */
  readonly code?: number | string
  /** More about this case. Default: the cause's details, or its message. */
  readonly details?: string
  /** What went wrong underneath (a wallet's error, a failed fetch): the next link of the chain. */
  readonly cause?: unknown
}

/** What every subclass takes besides its own fields. */
export interface ErrorParameters {
  readonly details?: string
  readonly cause?: unknown
}

/** The details a cause brings when the error gives none: an AirlockError's details, else a message. */
function detailsOf(cause: unknown): string | undefined {
  if (cause instanceof AirlockError) return cause.details ?? cause.shortMessage
  if (cause instanceof Error) return cause.message || undefined
  if (typeof cause === 'string') return cause || undefined
  if (typeof cause === 'object' && cause !== null && 'message' in cause && typeof cause.message === 'string') return cause.message || undefined
  return undefined
}

// `walk`'s documentation sits on an overload signature, which the build drops with it: a comment
// in a class body is kept in the bundle (esbuild keeps it), and this one cost the first load
// 180 B gzip (issue 27 §1).
/**
 * The base error. `shortMessage` is the SPEC §8 wording and `message` is the same text: messages
 * travel on into event payloads and the UI, where the SPEC's words must stand alone, so the rest
 * lives in `details` and `cause` rather than in extra lines of `message`.
 *
 * ```ts
 * try {
 *   await airlock.switchNetwork('eip155:5')
 * } catch (error) {
 *   if (error instanceof NetworkNotFoundError) console.log(error.shortMessage, error.details)
 *   const rejected = error instanceof AirlockError && error.walk((e) => e instanceof UserRejectedRequestError)
 * }
 * ```
 */
export class AirlockError extends Error {
  override name = 'AirlockError'
  readonly shortMessage: string
  readonly category: string
  readonly code: number | string | undefined
  readonly details: string | undefined
  declare readonly cause: unknown

  constructor(shortMessage: string, options: AirlockErrorOptions = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.shortMessage = shortMessage
    this.category = options.category ?? ErrorCategory.INTERNAL_SDK_ERROR
    this.code = options.code
    this.details = options.details ?? detailsOf(options.cause)
  }

  /**
   * Walk the cause chain. Without a predicate: the deepest cause (this error when it has none).
   * With one: the first error of the chain, this one included, that matches, or null.
   *
   * ```ts
   * error.walk() // the wallet's own error at the bottom
   * error.walk((e) => e instanceof HttpStatusError) // the HTTP failure inside, if any
   * ```
   */
  walk(predicate?: (error: unknown) => boolean): unknown
  walk(predicate?: (error: unknown) => boolean): unknown {
    return walk(this, predicate)
  }
}

function walk(error: unknown, predicate: ((error: unknown) => boolean) | undefined): unknown {
  const seen = new Set<unknown>()
  let current = error
  for (;;) {
    if (predicate?.(current)) return current
    seen.add(current)
    const next = typeof current === 'object' && current !== null && 'cause' in current ? current.cause : undefined
    // A cycle in the chain ends it, as a missing cause does.
    if (next === undefined || seen.has(next)) return predicate ? null : current
    current = next
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

/** The class name of anything thrown ('NetworkNotFoundError', 'TypeError'); 'Error' for a non-error. */
export function errorName(error: unknown): string {
  if (error instanceof Error) return error.name
  return 'Error'
}

/** The category of anything thrown: its own when it has one, else INTERNAL_SDK_ERROR (SPEC §8). */
export function errorCategory(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'category' in error && typeof error.category === 'string') return error.category
  return ErrorCategory.INTERNAL_SDK_ERROR
}

/**
 * Wrap anything thrown into an AirlockError with a category, keeping an existing AirlockError as
 * it is and the original as the cause.
 */
export function wrapError(error: unknown, category: string = ErrorCategory.INTERNAL_SDK_ERROR): AirlockError {
  if (error instanceof AirlockError) return error
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined
  return new AirlockError(errorMessage(error), { category, cause: error, code: typeof code === 'number' || typeof code === 'string' ? code : undefined })
}
