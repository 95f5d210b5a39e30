/**
 * A partial disconnect of a relay session (issue 28 §5), in Node: our connector on the dApp side,
 * the real `@walletconnect/sign-client` as a wallet approving eip155 AND Solana in one session,
 * the local relay of `services/relay` between them, anvil as the chain. Nothing of ours is mocked.
 * Leaving Solana keeps the session (the wallet is not told: it still answers eip155), and a reload
 * takes back the namespaces stored as connected only: Solana, left, stays left, though the
 * session still grants it.
 */
import { describe, expect, it } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import { solanaDevnet, type AirlockInstance } from '../../src/index'
import { pair, siteStores, useRelayStack, type RelayWallet, type SiteStores } from '../support/relayStack'
import { WALLET_ADDRESS } from '../support/relayWallet'
import { idleMs, until } from '../support/until'

const stack = useRelayStack()

/** The site: the local chain and Solana, over the browser stores `stores` (the same stores again: a reload). */
const site = (stores: SiteStores): AirlockInstance => stack.site([stack.localChain(), solanaDevnet], stores)

/** personal_sign through the session: to the wallet over the relay and back, recovered to its address. */
async function signs(airlock: AirlockInstance, wallet: RelayWallet): Promise<void> {
  const before = wallet.requests.length
  const signature = (await airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x6869', WALLET_ADDRESS] })) as Hex
  expect(await recoverMessageAddress({ message: 'hi', signature })).toBe(WALLET_ADDRESS)
  expect(wallet.requests.slice(before).map((r) => r.method)).toEqual(['personal_sign'])
}

const namespaces = (airlock: AirlockInstance) => [...airlock.getState().connection.connectedNamespaces].sort()

describe('a relay session holding eip155 and Solana, Solana left', () => {
  it(
    'keeps the session for eip155, and a reload takes back eip155 alone',
    async () => {
      const stores = siteStores('dapp-partial')
      const first = site(stores)
      const wallet = await stack.wallet({ rpcUrls: { [`eip155:${stack.anvil.chainId}`]: stack.anvil.url }, solana: true })
      await pair(first, wallet)
      await until(() => namespaces(first).length === 2, 15_000, 'both namespaces')
      expect(namespaces(first)).toEqual(['eip155', 'solana'])
      expect(first.getState().connectors.activeConnectorIds).toMatchObject({ eip155: 'walletConnect', solana: 'walletConnect' })
      const topic = wallet.session().topic

      await first.disconnect('solana')
      expect(namespaces(first)).toEqual(['eip155'])
      expect(first.getState().account.accounts.eip155.address).toBe(WALLET_ADDRESS)
      await signs(first, wallet)
      // The wallet was not told: the one session goes on, Solana still granted in it.
      expect(wallet.client.session.getAll().map((s) => s.topic)).toEqual([topic])
      expect(Object.keys(wallet.session().namespaces).sort()).toEqual(['eip155', 'solana'])

      // A reload: the same browser stores, a fresh page (no global sign-client core).
      first.destroy()
      delete (globalThis as Record<string, unknown>)[`_walletConnectCore_${stores.prefix}`]
      const again = site(stores)
      await until(() => again.getState().connection.status === 'connected', 15_000, 'the restored connection')
      // Whatever the restore does, it does at once: give it a moment to bring Solana back, if it would.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(namespaces(again)).toEqual(['eip155'])
      expect(again.getState().account.accounts.solana.address).toBeNull()
      expect(again.getState().account.accounts.eip155.address).toBe(WALLET_ADDRESS)
      await signs(again, wallet)
      expect(wallet.client.session.getAll().map((s) => s.topic)).toEqual([topic])
      expect(wallet.proposals()).toBe(1)
    },
    idleMs(60_000),
  )
})
