/**
 * The embedded-wallet user (SPEC §3) as GET_USER and CONNECT_SOCIAL answer it, on the chain the
 * page names: on a `solana:` chain the ed25519 key's address; on an eip155 chain the EOA, and the
 * smart account where it is in effect (preferred, enabled for the project, a bundler on the chain),
 * which is then the address. Only addresses leave the frame.
 */
import type { AccountType, FrameAccount, FrameChainId, FrameUser } from '../../../src/embedded/protocol'
import type { FrameCore } from './core'
import { unservedChain } from './core'
import { parseChainId } from './query'
import { chainClient } from './rpc/chainClient'
import { smartAccountOn } from './rpc/smartAccounts'
import { isDeployed } from './smartAccount'
import { walletAddresses } from './walletKeys'

export async function frameUser(core: FrameCore, requested: FrameChainId): Promise<FrameUser> {
  const { user, keys } = core.requireSession()
  const chainId = parseChainId(requested)
  const who = { email: user.email, userName: user.userName, provider: user.provider }
  if (chainId === undefined) throw unservedChain(requested)

  if (typeof chainId === 'string') {
    if (!core.servesSolana(chainId)) throw unservedChain(chainId)
    const address = walletAddresses(keys).solana
    return { ...who, address, chainId, accounts: [{ address, type: 'eoa' }], preferredAccountType: 'eoa', smartAccountDeployed: false }
  }

  const chain = core.evmChain(chainId)
  const eoa = core.requireSession().account.address
  const type: AccountType = core.accountTypeOn(chainId)
  const accounts: FrameAccount[] = [{ address: eoa, type: 'eoa' }]
  if (type === 'eoa') return { ...who, address: eoa, chainId, accounts, preferredAccountType: type, smartAccountDeployed: false }

  const ctx = core.rpcContext(chain)
  const address = await smartAccountOn(ctx, chain)
  const deployed = await isDeployed({ client: chainClient(ctx, chain), address })
  accounts.push({ address, type: 'smartAccount' })
  return { ...who, address, chainId, accounts, preferredAccountType: type, smartAccountDeployed: deployed }
}
