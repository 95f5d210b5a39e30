/**
 * SPEC §8's words for the name service's failures, word for word: they are what the error events
 * carry and what the views show in English (strings.ts has them under `errors.*`).
 */
export const NAME_MESSAGES = {
  resolve: 'Error resolving name',
  suggestions: 'Error fetching name suggestions',
  namesForAddress: 'Error fetching names for address',
  /** `{name}` is the full name that failed. */
  register: 'Error registering name {name}',
  unsupportedChain: 'Chain is not supported',
} as const

/**
 * "Error registering name {name}" with the name in it.
 *
 * ```ts
 * registrationFailed('visitor.airlock.eth') // 'Error registering name visitor.airlock.eth'
 * ```
 */
export const registrationFailed = (name: string): string => NAME_MESSAGES.register.replace('{name}', name)
