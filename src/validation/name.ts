/**
 * Name-service names (the label a user registers, before the provider's suffix is added).
 */

/** The shortest name a user may register (SPEC §5). */
export const NAME_MIN_LENGTH = 4

const NAME_PATTERN = /^[a-zA-Z0-9-]+$/

/**
 * Check a name-service name: letters, digits and hyphens, at least 4 characters (SPEC §5). Letters
 * are ASCII only, since names travel in host names where other scripts would need punycode.
 *
 * ```ts
 * isValidName('alice') // true
 * isValidName('bob') // false: too short
 * isValidName('al.ice') // false: dot not allowed
 * ```
 */
export function isValidName(name: unknown): name is string {
  return typeof name === 'string' && name.length >= NAME_MIN_LENGTH && NAME_PATTERN.test(name)
}
