/**
 * A transaction from the EOA: gas, fees and nonce filled from the chain where the request left
 * them out, signed here with the key, sent with eth_sendRawTransaction. The key never leaves the
 * frame; the node only sees the signed bytes.
 */
import { hexToBigInt, type Address, type Hash, type Hex } from 'viem'
import { prepareTransactionRequest, sendRawTransaction } from 'viem/actions'
import type { FrameChain, RpcContext } from '../rpcContext'
import { transactionFieldErrors } from '../../../../src/validation/transaction'
import { chainClient } from './chainClient'
import type { TransactionRequest } from './codecs'
import { asRpcError, invalidParams } from './errors'
import { inTurn } from './inTurn'

const big = (value: Hex | undefined): bigint | undefined => (value === undefined ? undefined : hexToBigInt(value))

/**
 * The viem request for `tx`, or -32602 when its fields break SPEC §5's limits (fee cap, tip) or
 * mix the legacy gas price with EIP-1559 fees.
 */
export function eoaRequest(method: string, tx: TransactionRequest) {
  const fees = { gasPrice: big(tx.gasPrice), maxFeePerGas: big(tx.maxFeePerGas), maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) }
  const errors = transactionFieldErrors({ maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas })
  if (fees.gasPrice !== undefined && (fees.maxFeePerGas !== undefined || fees.maxPriorityFeePerGas !== undefined)) {
    errors.push('gasPrice cannot be given with maxFeePerGas or maxPriorityFeePerGas')
  }
  if (tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input) errors.push('data and input differ')
  if (errors.length > 0) throw invalidParams(method, errors.join('; '))
  const legacy = fees.gasPrice !== undefined || tx.type === '0x0' || tx.type === '0x1'
  return {
    to: tx.to ?? undefined,
    value: big(tx.value),
    data: tx.data ?? tx.input,
    gas: big(tx.gas),
    nonce: tx.nonce === undefined ? undefined : Number(hexToBigInt(tx.nonce)),
    accessList: tx.accessList,
    ...(legacy
      ? { type: tx.type === '0x1' ? ('eip2930' as const) : ('legacy' as const), gasPrice: fees.gasPrice }
      : { type: 'eip1559' as const, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas }),
  }
}

export type EoaRequest = ReturnType<typeof eoaRequest>

/** Send `request` from the EOA on `chain`; resolves with the transaction hash once the node took it. */
export async function sendFromEoa(ctx: RpcContext, chain: FrameChain, request: EoaRequest | { to: Address; value?: bigint; data?: Hex }): Promise<Hash> {
  const client = chainClient(ctx, chain)
  const account = ctx.evmAccount()
  return inTurn(`${chain.chainId} ${account.address}`, async () => {
    try {
      const prepared = await prepareTransactionRequest(client, { ...request, account, chain: client.chain } as Parameters<typeof prepareTransactionRequest>[1])
      const serializedTransaction = await account.signTransaction(prepared as Parameters<typeof account.signTransaction>[0])
      return await sendRawTransaction(client, { serializedTransaction })
    } catch (error) {
      throw asRpcError(error)
    }
  })
}
