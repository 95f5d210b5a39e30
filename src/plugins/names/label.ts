/**
 * What a visitor may register (SPEC §5 "Name-service names: letters, digits and hyphens, at least 4
 * characters") and in which zone (SPEC §9 "Name suffixes: a provider-branded suffix and a legacy
 * one"): data, so another deployment changes a row.
 */

/** SPEC §5: a label is letters, digits and hyphens, at least 4 characters. */
export const NAME_LABEL = /^[a-zA-Z0-9-]{4,}$/
/** The fewest characters a label has (SPEC §5). */
export const MIN_LABEL_LENGTH = 4

/**
 * SPEC §9's suffixes: `branded` is the zone names are registered in (the Blockchain API's zone);
 * `legacy` is an older zone a typed name may still end in, read as the same label.
 */
export const NAME_SUFFIXES = { branded: '.airlock.eth', legacy: '.airlock.id' } as const

/** The zone the API is asked about (`nameSuggestions({ zone })`): the branded suffix without its dot. */
export const NAME_ZONE = NAME_SUFFIXES.branded.slice(1)

/** Why a typed label cannot be registered: too short, or a character other than letters, digits and hyphens. */
export type LabelProblem = 'empty' | 'short' | 'characters'

/**
 * The label a visitor typed, trimmed and without a suffix of SPEC §9's.
 *
 * ```ts
 * typedLabel(' Alice.airlock.eth ') // 'Alice'
 * ```
 */
export function typedLabel(text: string): string {
  const trimmed = text.trim()
  const lower = trimmed.toLowerCase()
  const suffix = Object.values(NAME_SUFFIXES).find((s) => lower.endsWith(s))
  return suffix ? trimmed.slice(0, -suffix.length) : trimmed
}

/**
 * Null when `label` can be registered (SPEC §5), else why not.
 *
 * ```ts
 * labelProblem('abc') // 'short'
 * labelProblem('ab_c') // 'characters'
 * labelProblem('abcd') // null
 * ```
 */
export function labelProblem(label: string): LabelProblem | null {
  if (NAME_LABEL.test(label)) return null
  if (label.length === 0) return 'empty'
  return /^[a-zA-Z0-9-]*$/.test(label) ? 'short' : 'characters'
}

/** The full name a label registers: lower case, in the branded zone (`alice.airlock.eth`). */
export const fullName = (label: string): string => `${label.toLowerCase()}${NAME_SUFFIXES.branded}`
