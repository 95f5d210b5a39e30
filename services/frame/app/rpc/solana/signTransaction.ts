/**
 * solana_signTransaction and solana_signAllTransactions: base64 wire transactions back with our
 * signature in our slot. A list with one foreign or malformed transaction is refused whole: no
 * signature of the others leaves the frame.
 */
import { base64 } from '@scure/base'
import * as t from 'io-ts'
import { encodeBase58 } from '../../../../../src/validation/base58'
import type { RpcContext } from '../../rpcContext'
import { Base64Codec } from '../codecs'
import { decodeParams } from '../params'
import { solanaKey } from './key'
import { signWire } from './wire'

const One = t.type({ transaction: Base64Codec }, 'a transaction ({ transaction })')
const All = t.type({ transactions: t.array(Base64Codec, 'a list of base64 transactions') }, 'transactions ({ transactions })')

export async function solanaSignTransaction(ctx: RpcContext, params: unknown): Promise<{ signature: string; transaction: string }> {
  const method = 'solana_signTransaction'
  const { transaction } = decodeParams(method, One, params)
  const signed = await signWire(method, solanaKey(ctx, method), transaction)
  return { signature: encodeBase58(signed.signature), transaction: base64.encode(signed.bytes) }
}

export async function solanaSignAllTransactions(ctx: RpcContext, params: unknown): Promise<{ transactions: string[] }> {
  const method = 'solana_signAllTransactions'
  const { transactions } = decodeParams(method, All, params)
  const key = solanaKey(ctx, method)
  const signed = await Promise.all(transactions.map((transaction, i) => signWire(method, key, transaction, `params.transactions[${i}]`)))
  return { transactions: signed.map(({ bytes }) => base64.encode(bytes)) }
}
