/**
 * A partial disconnect of a relay session (issue 28 §5), in Node: our connector on the dApp side,
 * the real `@walletconnect/sign-client` as a wallet approving eip155 AND Solana in one session,
 * the local relay of `services/relay` between them, anvil as the chain. Nothing of ours is mocked.
 * Leaving Solana keeps the session (the wallet is not told: it still answers eip155), and a reload
 * takes back the namespaces stored as connected only: Solana, left, stays left, though the
 * session still grants it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import { createAirlock, defineChain, solanaDevnet, type AirlockInstance } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { createWalletConnectPort } from '../../src/connectors/walletconnect/port'
import { startAnvil } from '../../services/chain/anvil.mjs'
import { createMailbox, startRelay } from '../../services/relay/relay.mjs'
import { memoryKeyValueStore, type KeyValueStore } from '../support/kvStorage'
import { startRelayWallet, WALLET_ADDRESS, type RelayWallet } from '../support/relayWallet'
import { idleMs, until } from '../support/until'

let anvil: Awaited<ReturnType<typeof startAnvil>>
let relay: Awaited<ReturnType<typeof startRelay>>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  relay = await startRelay({ mailbox: createMailbox() })
}, idleMs(60_000))

afterAll(async () => {
  await relay?.close()
  await anvil?.stop()
})

const open: { close(): Promise<void> | void }[] = []
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close()
})

interface Stores {
  readonly storage: ReturnType<typeof memoryStorage>
  readonly kv: KeyValueStore
  readonly prefix: string
}

/** The site: the local chain and Solana, over the browser stores `stores` (the same stores again: a reload). */
function site(stores: Stores): AirlockInstance {
  const local = defineChain({
    id: anvil.chainId,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
    testnet: true,
  })
  const airlock = createAirlock(
    { projectId: 'test-project', networks: [local, solanaDevnet], relayUrl: relay.url, disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' } },
    {
      deps: { storage: stores.storage, fetch: undefined, logger: { warn: () => undefined, error: () => undefined } },
      connectors: { walletConnect: createWalletConnectPort({ storage: stores.kv, customStoragePrefix: stores.prefix }) },
    },
  )
  open.push({ close: () => airlock.destroy() })
  return airlock
}

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
      const stores: Stores = { storage: memoryStorage(), kv: memoryKeyValueStore(), prefix: 'dapp-partial' }
      const first = site(stores)
      const wallet = await startRelayWallet({ relayUrl: relay.url, rpcUrls: { [`eip155:${anvil.chainId}`]: anvil.url }, solana: true })
      open.push(wallet)
      const done = first.connect('walletConnect')
      await until(() => first.getState().connection.wcUri !== null, 15_000, 'a pairing URI')
      await wallet.pair(first.getState().connection.wcUri!)
      await done
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
