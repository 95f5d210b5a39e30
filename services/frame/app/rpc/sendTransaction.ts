/**
 * eth_sendTransaction from the address in effect: the EOA signs and sends it itself; the smart
 * account sends it as a one-call user operation and answers with the hash of the transaction that
 * carried it (what a site waits on with eth_getTransactionReceipt).
 */
import { hexToBigInt, type Hash } from 'viem'
import { ProviderErrorCode } from '../../../../src/kernel/errors/codes'
import { RpcError, type RpcContext } from '../rpcContext'
import { assertSender, usesSmartAccount } from './accounts'
import { TransactionRequestCodec, paramsList } from './codecs'
import { eoaRequest, sendFromEoa } from './eoaTransaction'
import { invalidParams } from './errors'
import { decodeParams } from './params'
import { sendAsSmartAccount } from './smartAccounts'

const METHOD = 'eth_sendTransaction'
const Params = paramsList([TransactionRequestCodec])

export async function sendTransaction(ctx: RpcContext, params: unknown): Promise<Hash> {
  const [tx] = decodeParams(METHOD, Params, params)
  const chain = ctx.chain()
  if (tx.chainId !== undefined && Number.parseInt(tx.chainId, 16) !== chain.chainId) {
    throw new RpcError(
      ProviderErrorCode.CHAIN_DISCONNECTED,
      `The transaction is for chain ${Number.parseInt(tx.chainId, 16)}, the wallet is on ${chain.chainId}`,
    )
  }
  if (tx.from !== undefined) await assertSender(ctx, tx.from)
  if (!usesSmartAccount(ctx)) return sendFromEoa(ctx, chain, eoaRequest(METHOD, tx))
  // The bundler prices a user operation itself: gas fields meant for a plain transaction do not apply.
  if (tx.to === undefined || tx.to === null) throw invalidParams(METHOD, 'a smart account cannot deploy a contract: params[0].to is required')
  if (tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input) throw invalidParams(METHOD, 'data and input differ')
  const data = tx.data ?? tx.input
  const { transactionHash } = await sendAsSmartAccount(ctx, chain, [
    { to: tx.to, ...(tx.value !== undefined && { value: hexToBigInt(tx.value) }), ...(data !== undefined && { data }) },
  ])
  return transactionHash
}
