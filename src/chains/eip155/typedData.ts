/**
 * EIP-712 typed data as `eth_signTypedData_v4` takes it: the domain's own types added when the
 * caller left them out, checked by viem (addresses, sizes, integer ranges), then serialised with
 * bigints as decimal strings.
 */
import * as t from 'io-ts'
import { getTypesForEIP712Domain, serializeTypedData, validateTypedData, type TypedDataDefinition } from 'viem'
import { isRight } from '../../kernel/either'
import { AirlockError, errorMessage } from '../../kernel/errors'

const TypedDataInput = t.intersection([
  t.type({
    types: t.record(t.string, t.array(t.type({ name: t.string, type: t.string }))),
    primaryType: t.string,
    message: t.UnknownRecord,
  }),
  t.partial({ domain: t.UnknownRecord }),
])

/**
 * The JSON string to sign.
 *
 * ```ts
 * typedDataJson({ domain: { name: 'Airlock', chainId: 1 }, types: { Mail: [{ name: 'body', type: 'string' }] }, primaryType: 'Mail', message: { body: 'hi' } })
 * // '{"domain":{"name":"Airlock","chainId":1},"message":{"body":"hi"},"primaryType":"Mail","types":{"EIP712Domain":[…],"Mail":[…]}}'
 * ```
 */
export function typedDataJson(typedData: unknown): string {
  const decoded = TypedDataInput.decode(typedData)
  if (!isRight(decoded)) throw new AirlockError('Invalid typed data', { details: 'Expected { domain?, types, primaryType, message }' })
  const { domain = {}, types, primaryType, message } = decoded.right
  const definition = {
    domain,
    message,
    primaryType,
    types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...types },
  } as unknown as TypedDataDefinition
  try {
    validateTypedData(definition)
    return serializeTypedData(definition)
  } catch (error) {
    throw new AirlockError('Invalid typed data', { details: errorMessage(error), cause: error })
  }
}
