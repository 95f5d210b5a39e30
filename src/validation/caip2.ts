/**
 * CAIP-2 network ids, `namespace:reference` (for example `eip155:1`). SPEC §5: a network id needs
 * exactly two colon-separated parts; each part must also match the CAIP-2 grammar, so a value that
 * passes here can be split and used without further checks.
 */
import * as t from 'io-ts'
import { AirlockError } from '../kernel/errors'
import { caipNamespaceError, caipReferenceError } from './caipGrammar'
import { quote, typeName } from './describeInput'
import { fail, ok, type Result } from './result'

interface CaipNetworkIdBrand {
  readonly CaipNetworkId: unique symbol
}

/** A string proven to be a valid CAIP-2 network id; only the codec, parser and formatter make one. */
export type CaipNetworkId = t.Branded<`${string}:${string}`, CaipNetworkIdBrand>

/** The two parts of a CAIP-2 network id. */
export interface CaipNetworkIdParts {
  readonly namespace: string
  readonly reference: string
}

/**
 * Split a CAIP-2 network id into its parts. Never throws, whatever it is given: untrusted input
 * arrives from wallets, storage and remote configuration, and a bad value there is an answer, not a
 * crash.
 *
 * ```ts
 * parseCaipNetworkId('eip155:1') // { ok: true, value: { namespace: 'eip155', reference: '1' } }
 * parseCaipNetworkId('eip155:1:0xab') // { ok: false, error: 'CAIP-2 network id "eip155:1:0xab" must have exactly two colon-separated parts, found 3' }
 * ```
 */
export function parseCaipNetworkId(input: unknown): Result<CaipNetworkIdParts> {
  if (typeof input !== 'string') return fail(`CAIP-2 network id must be a string, got ${typeName(input)}`)
  const parts = input.split(':')
  if (parts.length !== 2) {
    return fail(`CAIP-2 network id ${quote(input)} must have exactly two colon-separated parts, found ${parts.length}`)
  }
  const [namespace = '', reference = ''] = parts
  if (namespace === '') return fail(`CAIP-2 network id ${quote(input)} has an empty namespace`)
  if (reference === '') return fail(`CAIP-2 network id ${quote(input)} has an empty reference`)
  const partError = caipNamespaceError(namespace) ?? caipReferenceError(reference)
  if (partError !== undefined) return fail(`CAIP-2 network id ${quote(input)}: ${partError}`)
  return ok({ namespace, reference })
}

/**
 * Join parts into a CAIP-2 network id. Throws an `AirlockError` when a part breaks the grammar:
 * the parts come from our own code, so a bad one is a bug to surface, not input to tolerate.
 *
 * ```ts
 * formatCaipNetworkId({ namespace: 'eip155', reference: '1' }) // 'eip155:1'
 * formatCaipNetworkId({ namespace: 'EIP', reference: '1' }) // throws
 * ```
 */
export function formatCaipNetworkId(parts: CaipNetworkIdParts): CaipNetworkId {
  const partError = caipNamespaceError(parts.namespace) ?? caipReferenceError(parts.reference)
  if (partError !== undefined) throw new AirlockError('Invalid CAIP-2 network id', { details: partError })
  return `${parts.namespace}:${parts.reference}` as CaipNetworkId
}

/**
 * The io-ts codec for CAIP-2 network ids, for decoding at boundaries. It validates with
 * `parseCaipNetworkId`, so its failure message is the parser's.
 *
 * ```ts
 * CaipNetworkIdCodec.decode('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // Right('solana:5eykt4…')
 * CaipNetworkIdCodec.is('eip155') // false
 * ```
 */
export const CaipNetworkIdCodec = new t.Type<CaipNetworkId, string, unknown>(
  'CaipNetworkId',
  (input): input is CaipNetworkId => parseCaipNetworkId(input).ok,
  (input, context) => {
    const parsed = parseCaipNetworkId(input)
    return parsed.ok ? t.success(input as CaipNetworkId) : t.failure(input, context, parsed.error)
  },
  (id) => id,
)

/**
 * Type guard for CAIP-2 network ids.
 *
 * ```ts
 * if (isCaipNetworkId(value)) switchNetwork(value)
 * ```
 */
export function isCaipNetworkId(input: unknown): input is CaipNetworkId {
  return CaipNetworkIdCodec.is(input)
}
