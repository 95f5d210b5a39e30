/**
 * Decoding a request's params with io-ts: a value of the wrong form is -32602 with a message that
 * says where and what was expected, so the site's developer can fix the call from the message.
 */
import type * as t from 'io-ts'
import { isRight } from '../../../../src/kernel/either'
import { quote, typeName } from '../../../../src/validation/describeInput'
import { invalidParams } from './errors'

/** These types add a context entry per member (an alternative or a part), which is not a place in the value. */
const COMPOSITE = new Set(['UnionType', 'IntersectionType'])
/** These validate their inner type in their own context entry: the inner type decides. */
const WRAPPERS = new Set(['ExactType', 'RefinementType', 'ReadonlyType'])

type Tagged = { readonly _tag?: string; readonly type?: Tagged }

function tagOf(type: Tagged | undefined): string {
  let current = type
  while (current !== undefined && WRAPPERS.has(current._tag ?? '')) current = current.type
  return current?._tag ?? ''
}

function describe(value: unknown): string {
  if (typeof value === 'string') return quote(value)
  if (value === undefined || value === null || typeof value === 'number' || typeof value === 'boolean') return String(value)
  return typeName(value)
}

function problemOf(error: t.ValidationError): { path: string; text: string } {
  let path = 'params'
  let expected = error.context[error.context.length - 1]?.type.name ?? 'something else'
  let value = error.value
  for (const [i, entry] of error.context.entries()) {
    if (i > 0 && !COMPOSITE.has(tagOf(error.context[i - 1]?.type as Tagged))) path += /^\d+$/.test(entry.key) ? `[${entry.key}]` : `.${entry.key}`
    // A union failed as a whole: say what it accepts rather than what its last alternative wanted.
    if (tagOf(entry.type as Tagged) === 'UnionType') {
      expected = entry.type.name
      value = entry.actual
      break
    }
  }
  return { path, text: error.message ?? `${path} must be ${expected}, got ${describe(value)}` }
}

/**
 * `params` decoded by `codec`, or an RpcError -32602 naming each wrong place (the first reading
 * of each, since a union reports once per alternative).
 *
 * ```ts
 * decodeParams('personal_sign', PersonalSignParams, ['0x68656c6c6f', 'me'])
 * // throws RpcError -32602 'Invalid params for personal_sign: params[1] must be an address (0x and 40 hex digits), got "me"'
 * ```
 */
export function decodeParams<A>(method: string, codec: t.Decoder<unknown, A>, params: unknown): A {
  const decoded = codec.decode(params)
  if (isRight(decoded)) return decoded.right
  const byPath = new Map<string, string>()
  for (const error of decoded.left) {
    const { path, text } = problemOf(error)
    if (!byPath.has(path)) byPath.set(path, text)
  }
  const problems = [...byPath.values()]
  const shown = problems.slice(0, 3).join('; ')
  throw invalidParams(method, problems.length > 3 ? `${shown}; and ${problems.length - 3} more` : shown)
}
