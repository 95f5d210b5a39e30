/**
 * solana_signAndSendTransaction: sign, then the Solana RPC's sendTransaction (base64) with the
 * send options SPEC §7 names. Options come as `sendOptions` (what the product's Solana adapter
 * sends) or `options`; only the known ones go on to the node.
 */
import { base64 } from '@scure/base'
import * as t from 'io-ts'
import { isRight } from '../../../../../src/kernel/either'
import { base58MaxLength, decodeBase58 } from '../../../../../src/validation/base58'
import { RpcError, type RpcContext } from '../../rpcContext'
import { Base64Codec } from '../codecs'
import { JsonRpcErrorCode, invalidParams } from '../errors'
import { decodeParams } from '../params'
import { solanaKey } from './key'
import { signWire } from './wire'

const METHOD = 'solana_signAndSendTransaction'

const Count = new t.Type<number, number, unknown>(
  'a non-negative integer',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 0,
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) && u >= 0 ? t.success(u) : t.failure(u, c)),
  t.identity,
)

const SendOptions = t.exact(
  t.partial({
    skipPreflight: t.boolean,
    preflightCommitment: t.keyof({ processed: null, confirmed: null, finalized: null }, 'a commitment (processed, confirmed or finalized)'),
    maxRetries: Count,
    minContextSlot: Count,
  }),
  'send options',
)

const Params = t.intersection(
  [t.type({ transaction: Base64Codec }), t.partial({ sendOptions: SendOptions, options: SendOptions })],
  'a transaction to send ({ transaction, options? })',
)

const NodeAnswer = t.union([
  t.type({ result: t.string }),
  t.type({ error: t.intersection([t.type({ code: t.number, message: t.string }), t.partial({ data: t.unknown })]) }),
])

export async function solanaSignAndSendTransaction(ctx: RpcContext, params: unknown): Promise<{ signature: string }> {
  const { transaction, sendOptions, options } = decodeParams(METHOD, Params, params)
  if (sendOptions !== undefined && options !== undefined) throw invalidParams(METHOD, 'give params.options or params.sendOptions, not both')
  const key = solanaKey(ctx, METHOD)
  const { bytes } = await signWire(METHOD, key, transaction)
  const answer = await sendToNode(ctx, key.rpcUrl, base64.encode(bytes), sendOptions ?? options ?? {})
  if (answer.length > base58MaxLength(64) || decodeBase58(answer)?.length !== 64)
    throw new RpcError(JsonRpcErrorCode.INTERNAL_ERROR, 'RPC Request failed', { answer: answer.slice(0, 100) })
  return { signature: answer }
}

async function sendToNode(ctx: RpcContext, rpcUrl: string, wire: string, options: t.TypeOf<typeof SendOptions>): Promise<string> {
  let response: Response
  try {
    response = await ctx.fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire, { ...options, encoding: 'base64' }] }),
    })
  } catch {
    throw new RpcError(JsonRpcErrorCode.INTERNAL_ERROR, 'HTTP request failed', { url: rpcUrl })
  }
  if (!response.ok) throw new RpcError(JsonRpcErrorCode.INTERNAL_ERROR, `HTTP status code: ${response.status}`, { url: rpcUrl })
  const body: unknown = await response.json().catch(() => undefined)
  const decoded = NodeAnswer.decode(body)
  if (!isRight(decoded)) throw new RpcError(JsonRpcErrorCode.INTERNAL_ERROR, 'RPC Request failed', { url: rpcUrl })
  if ('error' in decoded.right) throw new RpcError(decoded.right.error.code, decoded.right.error.message, decoded.right.error.data)
  return decoded.right.result
}
