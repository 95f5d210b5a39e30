/** solana_signMessage: `{ message (base58 bytes), pubkey? }` → `{ signature (base58) }`. */
import * as t from 'io-ts'
import { decodeBase58, encodeBase58 } from '../../../../../src/validation/base58'
import type { RpcContext } from '../../rpcContext'
import { Base58Codec } from '../codecs'
import { invalidParams, unauthorized } from '../errors'
import { decodeParams } from '../params'
import { solanaKey } from './key'
import { isTransactionMessageFor } from './wire'

const METHOD = 'solana_signMessage'
const Params = t.intersection([t.type({ message: Base58Codec }), t.partial({ pubkey: t.string })], 'a message to sign ({ message, pubkey? })')

export async function solanaSignMessage(ctx: RpcContext, params: unknown): Promise<{ signature: string }> {
  const { message, pubkey } = decodeParams(METHOD, Params, params)
  const key = solanaKey(ctx, METHOD)
  if (pubkey !== undefined && pubkey !== key.signer.address) throw unauthorized(pubkey)
  const bytes = decodeBase58(message)
  if (bytes === undefined || bytes.length === 0) throw invalidParams(METHOD, 'params.message must be non-empty base58 bytes')
  if (isTransactionMessageFor(bytes, key.signer.address)) throw invalidParams(METHOD, 'params.message is a transaction: sign it with solana_signTransaction')
  return { signature: encodeBase58(await key.signer.sign(bytes)) }
}
