/**
 * Turn io-ts decode errors into one readable sentence that names where the bad value sits and what
 * was expected, for the "bad options fail with a clear error" rule (DESIGN, public API).
 */
import type * as t from 'io-ts'
import { quote, typeName } from '../../validation/describeInput'

type Tagged = t.Decoder<unknown, unknown> & { readonly _tag?: string; readonly keys?: Record<string, unknown> }

/** The dotted path of an error's context; union and intersection members add no step. */
function pathOf(context: t.Context): string {
  let path = ''
  context.forEach((entry, index) => {
    if (index === 0) return
    const parent = context[index - 1]?.type as Tagged | undefined
    if (parent?._tag === 'UnionType' || parent?._tag === 'IntersectionType') return
    path += /^\d+$/.test(entry.key) ? `[${entry.key}]` : path === '' ? entry.key : `.${entry.key}`
  })
  return path
}

/** How many path steps an error goes down: the deepest error is the most specific one. */
function depthOf(path: string): number {
  return path === '' ? 0 : path.split(/\.|\[/).length
}

/** What a codec expects, in words: `one of "a", "b"` for a keyof, its name otherwise. */
function expected(type: Tagged): string {
  if (type._tag === 'KeyofType' && type.keys)
    return `one of ${Object.keys(type.keys)
      .map((k) => JSON.stringify(k))
      .join(', ')}`
  if (type._tag === 'LiteralType') return type.name
  return type.name
}

/** Show the offending value briefly. */
function shown(value: unknown): string {
  if (typeof value === 'string') return quote(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === undefined) return 'nothing'
  return typeName(value)
}

/**
 * Describe the most specific decode error: where, what was expected, and what was found. The
 * outermost codec at the error's path is named, so a union reads as its alternatives. `root`
 * prefixes the path (pass '' for the bare path).
 *
 * ```ts
 * describeDecodeError(AirlockOptionsInput.decode({ themeMode: 'blue' }).left, 'options')
 * // 'options.themeMode: expected one of "light", "dark", got "blue"'
 * ```
 */
export function describeDecodeError(errors: t.Errors, root = ''): string {
  const ranked = errors.map((error) => ({ error, path: pathOf(error.context) })).sort((a, b) => depthOf(b.path) - depthOf(a.path))
  const first = ranked[0]
  if (!first) return `${root || 'value'}: invalid`
  const { error, path } = first
  // The outermost entry at this path: for a union member's failure, that is the union itself.
  let at = error.context[error.context.length - 1]
  for (let i = error.context.length - 1; i >= 0; i--) {
    const entry = error.context[i]
    if (entry && pathOf(error.context.slice(0, i + 1)) === path) at = entry
    else break
  }
  const where = root === '' ? path || 'value' : path === '' ? root : path.startsWith('[') ? `${root}${path}` : `${root}.${path}`
  const value = at?.actual
  const detail = error.message === undefined ? '' : ` (${error.message})`
  return `${where}: expected ${at ? expected(at.type as Tagged) : 'a valid value'}, got ${shown(value)}${detail}`
}
