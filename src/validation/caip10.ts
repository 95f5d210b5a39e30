/**
 * CAIP-10 account ids, `namespace:reference:address` (for example
 * `eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb`). SPEC §5: an address in the 3-part form
 * needs exactly three colon-separated non-empty parts; each part must also match the CAIP grammar.
 */
import * as t from 'io-ts'
import { AirlockError } from '../kernel/errors'
import { caipAccountAddressError, caipNamespaceError, caipReferenceError } from './caipGrammar'
import { quote, typeName } from './describeInput'
import { fail, ok, type Result } from './result'

interface CaipAddressBrand {
  readonly CaipAddress: unique symbol
}

/** A string proven to be a valid CAIP-10 account id; only the codec, parser and formatter make one. */
export type CaipAddress = t.Branded<`${string}:${string}:${string}`, CaipAddressBrand>

/** The three parts of a CAIP-10 account id. */
export interface CaipAddressParts {
  readonly namespace: string
  readonly reference: string
  readonly address: string
}

/**
 * Split a CAIP-10 account id into its parts. Never throws, whatever it is given, because account ids
 * arrive from wallets and storage and a bad one must become an error value, not a crash.
 *
 * ```ts
 * parseCaipAddress('eip155:1:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb')
 * // { ok: true, value: { namespace: 'eip155', reference: '1', address: '0xab16…' } }
 * parseCaipAddress('eip155:1') // { ok: false, error: 'CAIP-10 account id "eip155:1" must have exactly three colon-separated parts, found 2' }
 * ```
 */
export function parseCaipAddress(input: unknown): Result<CaipAddressParts> {
  if (typeof input !== 'string') return fail(`CAIP-10 account id must be a string, got ${typeName(input)}`)
  const parts = input.split(':')
  if (parts.length !== 3) {
    return fail(`CAIP-10 account id ${quote(input)} must have exactly three colon-separated parts, found ${parts.length}`)
  }
  const [namespace = '', reference = '', address = ''] = parts
  if (namespace === '') return fail(`CAIP-10 account id ${quote(input)} has an empty namespace`)
  if (reference === '') return fail(`CAIP-10 account id ${quote(input)} has an empty reference`)
  if (address === '') return fail(`CAIP-10 account id ${quote(input)} has an empty address`)
  const partError = partsError({ namespace, reference, address })
  if (partError !== undefined) return fail(`CAIP-10 account id ${quote(input)}: ${partError}`)
  return ok({ namespace, reference, address })
}

/**
 * Join parts into a CAIP-10 account id. Throws an `AirlockError` when a part breaks the grammar:
 * the parts come from our own code, so a bad one is a bug to surface, not input to tolerate.
 *
 * ```ts
 * formatCaipAddress({ namespace: 'eip155', reference: '1', address: '0xab16…' }) // 'eip155:1:0xab16…'
 * formatCaipAddress({ namespace: 'eip155', reference: '1', address: 'a:b' }) // throws
 * ```
 */
export function formatCaipAddress(parts: CaipAddressParts): CaipAddress {
  const partError = partsError(parts)
  if (partError !== undefined) throw new AirlockError('Invalid CAIP-10 account id', { details: partError })
  return `${parts.namespace}:${parts.reference}:${parts.address}` as CaipAddress
}

/**
 * The io-ts codec for CAIP-10 account ids, for decoding at boundaries. It validates with
 * `parseCaipAddress`, so its failure message is the parser's.
 *
 * ```ts
 * CaipAddressCodec.decode('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv') // Right(…)
 * CaipAddressCodec.is('eip155:1') // false
 * ```
 */
export const CaipAddressCodec = new t.Type<CaipAddress, string, unknown>(
  'CaipAddress',
  (input): input is CaipAddress => parseCaipAddress(input).ok,
  (input, context) => {
    const parsed = parseCaipAddress(input)
    return parsed.ok ? t.success(input as CaipAddress) : t.failure(input, context, parsed.error)
  },
  (id) => id,
)

/**
 * Type guard for CAIP-10 account ids.
 *
 * ```ts
 * if (isCaipAddress(value)) setActiveAccount(value)
 * ```
 */
export function isCaipAddress(input: unknown): input is CaipAddress {
  return CaipAddressCodec.is(input)
}

function partsError(parts: CaipAddressParts): string | undefined {
  return caipNamespaceError(parts.namespace) ?? caipReferenceError(parts.reference) ?? caipAccountAddressError(parts.address)
}
