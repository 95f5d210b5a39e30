/**
 * eth_signTypedData_v4 (EIP-712): the typed data as a JSON string (as the method defines it) or
 * an object (as many sites send it), checked by viem against its own types before the EOA key
 * signs. A domain naming another chain than the wallet's is refused, as MetaMask does: a
 * signature meant for one chain must not be replayable on another the visitor did not see.
 */
import * as t from 'io-ts'
import { validateTypedData, type Hex, type TypedDataDefinition } from 'viem'
import type { RpcContext } from '../rpcContext'
import { isRight } from '../../../../src/kernel/either'
import { assertOurs } from './accounts'
import { AddressCodec, paramsList } from './codecs'
import { invalidParams } from './errors'
import { decodeParams } from './params'

const METHOD = 'eth_signTypedData_v4'

const TypedData = t.intersection([
  t.type({
    types: t.record(t.string, t.array(t.type({ name: t.string, type: t.string }))),
    primaryType: t.string,
    message: t.UnknownRecord,
  }),
  t.partial({ domain: t.UnknownRecord }),
])

const Params = paramsList([AddressCodec, t.union([t.string, t.UnknownRecord], 'typed data (a JSON string or an object)')])

function typedDataOf(value: string | Record<string, unknown>): t.TypeOf<typeof TypedData> {
  let parsed: unknown = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch {
      throw invalidParams(METHOD, 'params[1] is not JSON')
    }
  }
  const decoded = TypedData.decode(parsed)
  if (!isRight(decoded)) throw invalidParams(METHOD, 'params[1] must be typed data: { types, primaryType, domain?, message }')
  return decoded.right
}

function chainIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  if (typeof value === 'string' && /^(?:0x[0-9a-fA-F]+|\d+)$/.test(value)) return Number(BigInt(value))
  return undefined
}

export async function signTypedData(ctx: RpcContext, params: unknown): Promise<Hex> {
  const [address, raw] = decodeParams(METHOD, Params, params)
  const { domain = {}, types, primaryType, message } = typedDataOf(raw)
  if (!(primaryType in types)) throw invalidParams(METHOD, `the primary type ${JSON.stringify(primaryType)} is not among the types`)
  if (domain.chainId !== undefined) {
    const chainId = chainIdOf(domain.chainId)
    if (chainId === undefined) throw invalidParams(METHOD, 'domain.chainId must be a chain id')
    if (chainId !== ctx.chain().chainId) throw invalidParams(METHOD, `domain.chainId ${chainId} is not the wallet's chain ${ctx.chain().chainId}`)
  }
  const definition = { domain, types, primaryType, message } as unknown as TypedDataDefinition
  try {
    validateTypedData(definition)
  } catch (error) {
    throw invalidParams(
      METHOD,
      error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : 'the typed data does not match its types',
    )
  }
  await assertOurs(ctx, address)
  try {
    return await ctx.evmAccount().signTypedData(definition)
  } catch (error) {
    throw invalidParams(
      METHOD,
      error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : 'the typed data cannot be encoded',
    )
  }
}
