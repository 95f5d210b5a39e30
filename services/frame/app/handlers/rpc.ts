/**
 * RPC_REQUEST: one EIP-1193 request, which the page's modal has already had the visitor approve
 * where SPEC §6 says so, answered by the RPC handler (../rpc/) with the keys. It runs on the
 * chain the page names (its provider's chain), else the frame's current one.
 */
import { handleRpc } from '../rpc/index'
import { parseChainId } from '../query'
import type { Handlers } from './types'

export const rpcHandlers: Handlers<'RPC_REQUEST'> = {
  async RPC_REQUEST({ method, params, chainId: requested }, core) {
    const chainId = requested === undefined ? undefined : parseChainId(requested)
    // A `solana:` chain names no eip155 chain: the solana_* methods use the Solana key whatever it is.
    const chain = typeof chainId === 'number' ? core.evmChain(chainId) : core.evmChain()
    const result = await handleRpc({ method, ...(params !== undefined && { params }) }, core.rpcContext(chain))
    return { result }
  },
}
