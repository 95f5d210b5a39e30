/**
 * RPC_REQUEST: one EIP-1193 request, answered by the RPC handler (../rpc/) with the keys. It runs
 * on the chain the page names (its provider's chain), else the frame's current one.
 *
 * An unsafe method (SPEC §6, the one list in the frame protocol) first waits for the visitor's
 * click on Approve in the frame's own view (../approval/), for this request's id only; the page
 * cannot answer for the visitor. Nothing is shown to a frame with no one signed in.
 */
import { rpcMethodKind } from '../../../../src/embedded/protocol'
import { handleRpc } from '../rpc/index'
import { parseChainId } from '../query'
import type { Handlers } from './types'

/** The chain a wallet_switchEthereumChain asks for, when it is readable (the RPC handler refuses the rest). */
function switchTarget(params: unknown): number | undefined {
  const first: unknown = Array.isArray(params) ? params[0] : undefined
  const hex = typeof first === 'object' && first !== null ? (first as { chainId?: unknown }).chainId : undefined
  return typeof hex === 'string' && /^0x[0-9a-fA-F]{1,13}$/.test(hex) ? Number.parseInt(hex, 16) : undefined
}

export const rpcHandlers: Handlers<'RPC_REQUEST' | 'CANCEL_APPROVAL'> = {
  async RPC_REQUEST({ method, params, chainId: requested }, core, { id }) {
    const chainId = requested === undefined ? undefined : parseChainId(requested)
    // A `solana:` chain names no eip155 chain: the solana_* methods use the Solana key whatever it is.
    const chain = typeof chainId === 'number' ? core.evmChain(chainId) : core.evmChain()
    const ctx = core.rpcContext(chain)
    if (rpcMethodKind(method) === 'unsafe') {
      const solana = method.startsWith('solana_')
      await core.options.approver.ask({ id, method, params, chainId: solana ? null : chain.chainId })
      if (!solana) await core.chainUsed(chain.chainId)
    } else if (method === 'wallet_switchEthereumChain') {
      // Safe on the list, but a chain the visitor has not used is asked about first (../usedChains.ts).
      const target = switchTarget(params)
      if (target !== undefined && core.servedEvm(target)) await core.approveSwitch(id, target)
    }
    const result = await handleRpc({ method, ...(params !== undefined && { params }) }, ctx)
    return { result }
  },

  async CANCEL_APPROVAL({ requestId }, core) {
    core.options.approver.cancel(requestId)
    return {}
  },
}
