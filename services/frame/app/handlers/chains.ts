/**
 * Chains and account types: which chain the wallet is on (a switch to a chain the visitor has not
 * used asks in the frame first: ../usedChains.ts), where smart accounts are enabled
 * (the project's list ∩ the chains with a bundler), and the smart account itself.
 */
import { FrameRequestError } from '../errors'
import { parseChainId } from '../query'
import { chainClient } from '../rpc/chainClient'
import { smartAccountOn } from '../rpc/smartAccounts'
import { isDeployed } from '../smartAccount'
import { unservedChain } from '../core'
import type { Handlers } from './types'

export const chainHandlers: Handlers<
  'SWITCH_NETWORK' | 'GET_CHAIN_ID' | 'GET_SMART_ACCOUNT_ENABLED_NETWORKS' | 'INIT_SMART_ACCOUNT' | 'SET_PREFERRED_ACCOUNT'
> = {
  async SWITCH_NETWORK({ chainId: requested }, core, { id }) {
    const chainId = parseChainId(requested)
    if (chainId === undefined) throw unservedChain(requested)
    if (typeof chainId === 'number') {
      core.evmChain(chainId)
      // A chain the visitor has not used here: the frame's own view asks first.
      await core.approveSwitch(id, chainId)
      core.state.evmChainId = chainId
    } else if (!core.servesSolana(chainId)) throw unservedChain(chainId)
    core.state.chainId = chainId
    return { chainId }
  },

  async GET_CHAIN_ID(_payload, core) {
    return { chainId: core.state.chainId }
  },

  async GET_SMART_ACCOUNT_ENABLED_NETWORKS(_payload, core) {
    return { smartAccountEnabledNetworks: [...core.smartAccountChains] }
  },

  async INIT_SMART_ACCOUNT(_payload, core) {
    const chain = core.evmChain()
    if (!core.smartAccountChains.includes(chain.chainId)) throw new FrameRequestError(`Smart accounts are not enabled on chain ${chain.chainId}`)
    const ctx = core.rpcContext(chain)
    const address = await smartAccountOn(ctx, chain)
    return { address, isDeployed: await isDeployed({ client: chainClient(ctx, chain), address }) }
  },

  async SET_PREFERRED_ACCOUNT({ type }, core) {
    const { account } = core.requireSession()
    core.state.preferredAccountType = type
    // Where smart accounts are not enabled the EOA stays in effect (SPEC §5), and is what is answered.
    const inEffect = core.accountTypeOn()
    if (inEffect === 'eoa') return { type: inEffect, address: account.address }
    try {
      const chain = core.evmChain()
      return { type: inEffect, address: await smartAccountOn(core.rpcContext(chain), chain) }
    } catch (error) {
      // SPEC §4: a failed set falls back to EOA, here as on the page.
      core.state.preferredAccountType = 'eoa'
      throw error
    }
  },
}
