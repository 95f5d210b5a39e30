/**
 * The safe methods the chain answers (SPEC §6: reads and raw sends), forwarded to the current
 * chain's RPC through viem's `http` transport once their params decode. Only the decoded params go
 * on, so the node never sees a field we did not check.
 */
import * as t from 'io-ts'
import { parseTransaction } from 'viem'
import type { RpcContext } from '../rpcContext'
import { chainClient } from './chainClient'
import { AddressCodec, BlockCodec, BlockTagCodec, BytesCodec, HashCodec, QuantityCodec, TransactionRequestCodec, paramsList } from './codecs'
import { asRpcError, invalidParams } from './errors'
import { decodeParams } from './params'

const StateOverride = t.record(
  AddressCodec,
  t.exact(
    t.partial({
      balance: QuantityCodec,
      nonce: QuantityCodec,
      code: BytesCodec,
      state: t.record(HashCodec, HashCodec),
      stateDiff: t.record(HashCodec, HashCodec),
    }),
  ),
  'a state override',
)

const Topic = t.union([HashCodec, t.null, t.array(HashCodec)], 'a topic (hash, null or list of hashes)')
const LogFilter = t.exact(
  t.partial({
    fromBlock: BlockTagCodec,
    toBlock: BlockTagCodec,
    blockHash: HashCodec,
    address: t.union([AddressCodec, t.array(AddressCodec)], 'an address or a list of addresses'),
    topics: t.array(Topic),
  }),
  'a log filter',
)

const Percentiles = t.array(t.number, 'a list of reward percentiles')
const BlockCount = t.union([QuantityCodec, t.number], 'a block count')

/** Params codecs of the forwarded methods, by method. */
export const READ_PARAMS: Readonly<Record<string, t.Decoder<unknown, unknown[]>>> = {
  eth_blockNumber: paramsList([]),
  eth_gasPrice: paramsList([]),
  eth_maxPriorityFeePerGas: paramsList([]),
  eth_call: paramsList([TransactionRequestCodec], [BlockCodec, StateOverride]),
  eth_estimateGas: paramsList([TransactionRequestCodec], [BlockCodec, StateOverride]),
  eth_feeHistory: paramsList([BlockCount, BlockTagCodec], [Percentiles]),
  eth_getBalance: paramsList([AddressCodec], [BlockCodec]),
  eth_getCode: paramsList([AddressCodec], [BlockCodec]),
  eth_getTransactionCount: paramsList([AddressCodec], [BlockCodec]),
  eth_getStorageAt: paramsList([AddressCodec, QuantityCodec], [BlockCodec]),
  eth_getBlockByHash: paramsList([HashCodec], [t.boolean]),
  eth_getBlockByNumber: paramsList([BlockTagCodec], [t.boolean]),
  eth_getLogs: paramsList([LogFilter]),
  eth_getTransactionByHash: paramsList([HashCodec]),
  eth_getTransactionReceipt: paramsList([HashCodec]),
  eth_sendRawTransaction: paramsList([BytesCodec]),
}

/**
 * What a left-out trailing param means, filled in because nodes differ on whether they may be left
 * out (anvil wants eth_getCode's block).
 */
const DEFAULTS: Readonly<Record<string, { readonly at: number; readonly value: unknown }>> = {
  eth_call: { at: 1, value: 'latest' },
  eth_getBalance: { at: 1, value: 'latest' },
  eth_getCode: { at: 1, value: 'latest' },
  eth_getTransactionCount: { at: 1, value: 'latest' },
  eth_getStorageAt: { at: 2, value: 'latest' },
  eth_getBlockByHash: { at: 1, value: false },
  eth_getBlockByNumber: { at: 1, value: false },
}

/** `method` (one of READ_PARAMS) answered by the current chain. */
export async function forwardRead(ctx: RpcContext, method: string, params: unknown): Promise<unknown> {
  const codec = READ_PARAMS[method]
  if (codec === undefined) throw new Error(`${method} is not a forwarded read`)
  const decoded = decodeParams(method, codec, params)
  const fill = DEFAULTS[method]
  if (fill !== undefined && decoded.length === fill.at) decoded.push(fill.value)
  if (method === 'eth_sendRawTransaction') assertRawTransaction(method, decoded[0] as `0x${string}`, ctx.chain().chainId)
  try {
    return await chainClient(ctx).request({ method, params: decoded } as never)
  } catch (error) {
    throw asRpcError(error)
  }
}

/** A raw transaction must be one (not any bytes) and, when it names a chain, name this one. */
function assertRawTransaction(method: string, raw: `0x${string}`, chainId: number): void {
  let parsed: ReturnType<typeof parseTransaction>
  try {
    parsed = parseTransaction(raw)
  } catch {
    throw invalidParams(method, 'params[0] is not a signed transaction')
  }
  if (parsed.chainId !== undefined && parsed.chainId !== chainId)
    throw invalidParams(method, `the transaction is for chain ${parsed.chainId}, the wallet is on ${chainId}`)
}
