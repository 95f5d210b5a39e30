/**
 * Entries of a send-calls request (EIP-5792 `wallet_sendCalls`). SPEC §5: each entry needs a `to`
 * address starting with 0x; `data`, if given, must start with 0x.
 */
import * as t from 'io-ts'
import type { Hex } from 'viem'
import { typeName } from './describeInput'

/** One call of a send-calls request, as far as SPEC §5 constrains it. */
export interface SendCall {
  readonly to: Hex
  readonly data?: Hex
  readonly value?: unknown
}

/**
 * Say what is wrong with each send-calls entry, one message per problem, naming the entry by its
 * index; an empty list means every entry is valid. Only the prefix is checked, as SPEC §5 says: the
 * wallet validates the full address and calldata, and refusing more here would reject calls the
 * wallet accepts.
 *
 * ```ts
 * sendCallsErrors([{ to: '0xabc', data: '0x' }]) // []
 * sendCallsErrors([{ to: 'abc', data: 'ff' }])
 * // ['calls[0].to must be an address starting with 0x', 'calls[0].data must start with 0x']
 * ```
 */
export function sendCallsErrors(calls: unknown): string[] {
  if (!Array.isArray(calls)) return [`calls must be an array, got ${typeName(calls)}`]
  return calls.flatMap((call: unknown, index) => sendCallErrors(call, `calls[${index}]`))
}

function sendCallErrors(call: unknown, path: string): string[] {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return [`${path} must be an object, got ${typeName(call)}`]
  const { to, data } = call as { to?: unknown; data?: unknown }
  const errors: string[] = []
  if (!isHexPrefixed(to)) errors.push(`${path}.to must be an address starting with 0x`)
  if (data !== undefined && !isHexPrefixed(data)) errors.push(`${path}.data must start with 0x`)
  return errors
}

function isHexPrefixed(value: unknown): value is Hex {
  return typeof value === 'string' && value.startsWith('0x')
}

/**
 * The io-ts codec for a list of send-calls entries, with the rules of `sendCallsErrors`; its failure
 * messages are that function's.
 *
 * ```ts
 * SendCallsCodec.decode([{ to: '0xabc' }]) // Right
 * SendCallsCodec.decode([{ data: '0x' }]) // Left: 'calls[0].to must be an address starting with 0x'
 * ```
 */
export const SendCallsCodec = new t.Type<readonly SendCall[], readonly SendCall[], unknown>(
  'SendCalls',
  (input): input is readonly SendCall[] => sendCallsErrors(input).length === 0,
  (input, context) => {
    const errors = sendCallsErrors(input)
    return errors.length === 0 ? t.success(input as readonly SendCall[]) : t.failures(errors.map((message) => ({ value: input, context, message })))
  },
  (calls) => calls,
)
