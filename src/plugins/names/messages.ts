/**
 * SPEC §8's words for the name service's failures that this plugin meets, word for word: they are
 * what the error events carry and what the views show in English (strings.ts has them under
 * `errors.*`). SPEC §8's "Error resolving name" and "Error fetching names for address" are the
 * failures of a name's and an address's lookups, which the send and identity plugins make.
 */
export const NAME_MESSAGES = {
  suggestions: 'Error fetching name suggestions',
  /** `{name}` is the full name that failed. */
  register: 'Error registering name {name}',
  unsupportedChain: 'Chain is not supported',
  /** No account on the active network to sign the registration with. */
  noAccount: 'Address or auth connector not found',
} as const

/**
 * "Error registering name {name}" with the name in it.
 *
 * ```ts
 * registrationFailed('visitor.airlock.eth') // 'Error registering name visitor.airlock.eth'
 * ```
 */
export const registrationFailed = (name: string): string => NAME_MESSAGES.register.replace('{name}', name)
