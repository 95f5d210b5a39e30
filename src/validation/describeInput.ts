/**
 * How error messages show untrusted input: quoted and cut short, or by its type name.
 */

/** Longest input echoed in a message; longer input is cut so a hostile string cannot bloat logs. */
const MAX_QUOTED = 80

/**
 * Quote untrusted input for an error message, cut to a readable length. Messages name the bad
 * value because "invalid id" alone sends the reader hunting for which one.
 *
 * ```ts
 * quote('eip155:1') // '"eip155:1"'
 * quote('x'.repeat(200)) // '"xxxx…" (200 characters)'
 * ```
 */
export function quote(input: string): string {
  if (input.length <= MAX_QUOTED) return JSON.stringify(input)
  return `${JSON.stringify(input.slice(0, MAX_QUOTED) + '…')} (${input.length} characters)`
}

/**
 * Name the type of untrusted input for an error message, telling `null` and arrays apart from
 * objects because those are the usual mistakes.
 *
 * ```ts
 * typeName(null) // 'null'
 * typeName([1]) // 'array'
 * typeName(1n) // 'bigint'
 * ```
 */
export function typeName(input: unknown): string {
  if (input === null) return 'null'
  if (Array.isArray(input)) return 'array'
  return typeof input
}
