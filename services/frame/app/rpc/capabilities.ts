/**
 * wallet_getCapabilities (EIP-5792): per chain (keyed by its id in hex), whether calls can run
 * atomically, which is where the smart account is in effect (one user operation holds them all).
 */
import * as t from 'io-ts'
import { numberToHex, type Hex } from 'viem'
import type { RpcContext } from '../rpcContext'
import { assertOurs } from './accounts'
import { AddressCodec, ChainIdCodec, paramsList } from './codecs'
import { decodeParams } from './params'

const Params = paramsList([AddressCodec], [t.array(ChainIdCodec, 'a list of chain ids')])

export type AtomicStatus = 'supported' | 'unsupported'

export const atomicStatus = (ctx: RpcContext, chainId: number): AtomicStatus => (ctx.accountType(chainId) === 'smartAccount' ? 'supported' : 'unsupported')

export async function getCapabilities(ctx: RpcContext, params: unknown): Promise<Record<Hex, { atomic: { status: AtomicStatus } }>> {
  const [address, wanted] = decodeParams('wallet_getCapabilities', Params, params)
  await assertOurs(ctx, address)
  // Chains asked for that the frame does not serve are left out, as EIP-5792 says.
  const chains = wanted === undefined ? ctx.chains : ctx.chains.filter((chain) => wanted.some((hex) => Number.parseInt(hex, 16) === chain.chainId))
  return Object.fromEntries(chains.map((chain) => [numberToHex(chain.chainId), { atomic: { status: atomicStatus(ctx, chain.chainId) } }]))
}
