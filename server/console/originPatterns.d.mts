/** At most this many allowed origins per project. */
export const MAX_ORIGINS: number
/** An allowed origin at most this long. */
export const MAX_ORIGIN_LENGTH: number
/** `text` as a stored SPEC §5 origin pattern (lower case, punycode, no default port), or undefined. */
export function normalizeOriginPattern(text: unknown): string | undefined
