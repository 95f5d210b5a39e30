/** An EIP-6963 wallet for a test page: wallet-mock's "Mock Wallet" with anvil's development account. */
import type { Page } from 'playwright-core'
import { http, type Chain, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installMockWallet } from '@johanneskares/wallet-mock'
import { DEV_ACCOUNT, type Anvil } from '../../services/chain/anvil.mjs'

/**
 * Announce "Mock Wallet" on `page`: it signs with `privateKey` (anvil's first development account
 * unless given) and sends to `anvil`, its chain named 'Local chain'.
 */
export async function installAnvilMockWallet(page: Page, anvil: Anvil, privateKey: Hex = DEV_ACCOUNT.privateKey): Promise<void> {
  const chain: Chain = {
    id: anvil.chainId,
    name: 'Local chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  }
  await installMockWallet({
    page: page as never,
    account: privateKeyToAccount(privateKey),
    defaultChain: chain,
    transports: { [chain.id]: http(anvil.url) },
  })
}
