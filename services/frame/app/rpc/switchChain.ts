/** wallet_switchEthereumChain (EIP-3326): to a chain the frame serves, else 4902. */
import * as t from 'io-ts'
import { ProviderErrorCode } from '../../../../src/kernel/errors/codes'
import { RpcError, type RpcContext } from '../rpcContext'
import { ChainIdCodec, paramsList } from './codecs'
import { decodeParams } from './params'

const Params = paramsList([t.type({ chainId: ChainIdCodec }, 'a chain switch ({ chainId })')])

export async function switchChain(ctx: RpcContext, params: unknown): Promise<null> {
  const [{ chainId: hex }] = decodeParams('wallet_switchEthereumChain', Params, params)
  const chainId = Number.parseInt(hex, 16)
  if (!ctx.chains.some((chain) => chain.chainId === chainId)) {
    throw new RpcError(ProviderErrorCode.SWITCH_CHAIN, `Unrecognized chain ID ${hex}: the wallet does not serve it`, { chainId: hex })
  }
  ctx.setChain(chainId)
  return null
}
