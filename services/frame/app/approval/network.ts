/**
 * What the approval view says of a request's network and fee, from the frame's own configuration
 * and chains (never from the page): the chain's name and currency (config.json), and the fee a
 * transaction will cost at the chain's current prices, estimated from the address that sends.
 */
import { erc20Abi } from 'viem'
import { formatUnitsRounded } from '../../../../src/format/bigNumber'
import type { FrameCore } from '../core'
import { addressInEffect } from '../rpc/accounts'
import { chainClient } from '../rpc/chainClient'
import type { ApprovalRequest } from './queue'

const FEE_METHODS = new Set(['eth_sendTransaction', 'wallet_sendCalls'])
const SOLANA_NETWORK = 'Solana'

export function networkOf(core: FrameCore, request: ApprovalRequest): { name: string | null; symbol: string } {
  if (request.chainId === null) return { name: SOLANA_NETWORK, symbol: 'SOL' }
  const chain = core.servedEvm(request.chainId)
  return { name: chain?.name ?? `Chain ${request.chainId}`, symbol: chain?.symbol ?? 'ETH' }
}

const quantity = (value: unknown): bigint | undefined => (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : undefined)
const hex = (value: unknown): `0x${string}` | undefined => (typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value) ? (value as `0x${string}`) : undefined)
const address = (value: unknown): `0x${string}` | undefined =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? (value as `0x${string}`) : undefined

/** The calls a request would make: the transaction, or each call of a batch. */
function callsOf(request: ApprovalRequest): readonly Record<string, unknown>[] {
  const first: unknown = Array.isArray(request.params) ? request.params[0] : undefined
  if (typeof first !== 'object' || first === null) return []
  if (request.method === 'eth_sendTransaction') return [first as Record<string, unknown>]
  const calls = (first as { calls?: unknown }).calls
  return Array.isArray(calls) ? calls.filter((call): call is Record<string, unknown> => typeof call === 'object' && call !== null) : []
}

/** `≈ 0.000042 ETH`, null for a request that pays no fee; rejects when the chain cannot estimate it. */
export function estimateFee(core: FrameCore, request: ApprovalRequest): Promise<string | null> | null {
  if (request.chainId === null || !FEE_METHODS.has(request.method)) return null
  const chainId = request.chainId
  return (async () => {
    const chain = core.evmChain(chainId)
    const ctx = core.rpcContext(chain)
    const client = chainClient(ctx, chain)
    const from = await addressInEffect(ctx)
    const calls = callsOf(request)
    if (calls.length === 0) throw new Error('nothing to estimate')
    let gas = 0n
    for (const call of calls) {
      gas += await client.estimateGas({ account: from, to: address(call['to']), value: quantity(call['value']), data: hex(call['data'] ?? call['input']) })
    }
    const fees = await client.estimateFeesPerGas().catch(async () => ({ maxFeePerGas: await client.getGasPrice() }))
    return `≈ ${formatUnitsRounded(gas * (fees.maxFeePerGas ?? 0n), 18, 8)} ${networkOf(core, request).symbol}`
  })()
}

const TOKEN_CALL = /^0x(a9059cbb|095ea7b3)([0-9a-fA-F]{64})([0-9a-fA-F]{64})$/

/**
 * What an ERC-20 transfer or approval moves, in the token's own words read from the chain: for
 * each such call, its symbol and the amount in its units (`10 ADT`). Calls of other kinds, or a
 * contract that does not answer as a token, add nothing.
 */
export async function tokenDetails(
  core: FrameCore,
  request: ApprovalRequest,
): Promise<readonly { readonly label: 'token' | 'tokenAmount'; readonly value: string }[]> {
  if (request.chainId === null || !FEE_METHODS.has(request.method)) return []
  const chain = core.evmChain(request.chainId)
  const client = chainClient(core.rpcContext(chain), chain)
  const lines: { label: 'token' | 'tokenAmount'; value: string }[] = []
  for (const call of callsOf(request)) {
    const token = address(call['to'])
    const data = call['data'] ?? call['input']
    const match = typeof data === 'string' ? TOKEN_CALL.exec(data) : null
    if (!token || !match) continue
    try {
      const [symbol, decimals] = await Promise.all([
        client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
        client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
      ])
      lines.push(
        { label: 'token', value: `${symbol} (${token})` },
        { label: 'tokenAmount', value: `${formatUnitsRounded(BigInt(`0x${match[3]}`), decimals, 6)} ${symbol}` },
      )
    } catch {
      // Not a token that says what it is: the contract call line shows the raw call.
    }
  }
  return lines
}
