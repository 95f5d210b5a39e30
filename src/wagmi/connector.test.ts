/**
 * The wagmi connector on a real Airlock instance, driven through wagmi's own actions, with wagmi 3
 * (`wagmi`, @wagmi/core 3.6) and wagmi 2 (`wagmi-v2`, @wagmi/core 2.22) alike. The wallet is a
 * scriptable EIP-1193 wallet announced through EIP-6963 on a page-like window; the visitor's pick
 * in the modal is the connect command the modal's wallet button sends (Chromium does the clicking
 * in tests/e2e/wagmi.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { createConfig as createConfigV3 } from 'wagmi'
import * as v3 from 'wagmi/actions'
import { createConfig as createConfigV2 } from 'wagmi-v2'
import * as v2 from 'wagmi-v2/actions'
import { createAirlock, ethereum, polygon, solana, type AirlockInstance } from '../index'
import { memoryStorage, type StorageLike } from '../kernel/deps'
import type { WalletProvider } from '../chains/adapter'
import { ADDRESS_A, ADDRESS_B, fakeWallet, type FakeWallet } from '../../tests/support/eip1193Wallet'
import { announcingPage } from '../../tests/support/announcingPage'
import { until } from '../../tests/support/until'
import { wagmiParameters, type AirlockEip1193Provider } from './index'

const WALLET = { name: 'Test Wallet', rdns: 'test.wallet' }
const quiet = { warn: () => undefined, error: () => undefined }

function startAirlock(wallet: WalletProvider, storage: StorageLike = memoryStorage(), window: Window = announcingPage(wallet, WALLET)): AirlockInstance {
  return createAirlock(
    { projectId: 'wagmi-test', networks: [ethereum, polygon], disableAppend: true },
    {
      deps: { storage, fetch: undefined, window, logger: quiet },
      connectors: { readerFor: () => ({ request: async (method) => (method === 'eth_getBalance' ? '0x0' : null), get: async () => null }) },
    },
  )
}

/** A page whose wallet announces itself only `ms` after the page asks: an extension still starting after a reload. */
function slowPage(wallet: WalletProvider, ms: number): Window {
  const target = new EventTarget()
  target.addEventListener('eip6963:requestProvider', () => {
    setTimeout(() => {
      const detail = { info: { uuid: 'w-1', name: WALLET.name, icon: 'data:image/png;base64,AA', rdns: WALLET.rdns }, provider: wallet }
      target.dispatchEvent(Object.assign(new Event('eip6963:announceProvider'), { detail }))
    }, ms)
  })
  return target as unknown as Window
}

/** What the tests do with wagmi, the same for both versions; each version's own functions and types behind it. */
interface Wagmi {
  connect(parameters?: { chainId?: number; withCapabilities?: boolean }): Promise<{ accounts: readonly unknown[]; chainId: number }>
  reconnect(): Promise<readonly { accounts: readonly string[]; chainId: number }[]>
  switchChain(chainId: number): Promise<{ id: number }>
  disconnect(): Promise<void>
  account(): { status: string; address?: string | undefined; addresses?: readonly string[] | undefined; chainId?: number | undefined }
  provider(): Promise<AirlockEip1193Provider>
}

const versions: { name: string; wagmi(airlock: AirlockInstance): Wagmi }[] = [
  {
    name: 'wagmi 3',
    wagmi(airlock) {
      const config = createConfigV3(wagmiParameters(airlock))
      const connector = config.connectors[0]!
      return {
        connect: (parameters = {}) => v3.connect(config, { connector, ...parameters }),
        reconnect: () => v3.reconnect(config),
        switchChain: (chainId) => v3.switchChain(config, { chainId }),
        disconnect: () => v3.disconnect(config),
        account: () => v3.getConnection(config),
        provider: () => connector.getProvider() as Promise<AirlockEip1193Provider>,
      }
    },
  },
  {
    name: 'wagmi 2',
    wagmi(airlock) {
      const config = createConfigV2(wagmiParameters(airlock))
      const connector = config.connectors[0]!
      return {
        connect: (parameters = {}) => v2.connect(config, { connector, ...parameters }),
        reconnect: () => v2.reconnect(config),
        switchChain: (chainId) => v2.switchChain(config, { chainId }),
        disconnect: () => v2.disconnect(config),
        account: () => v2.getAccount(config),
        provider: () => connector.getProvider() as Promise<AirlockEip1193Provider>,
      }
    },
  },
]

/** wagmi's connect, answered in Airlock's modal: once it is open, the visitor picks the wallet. */
async function connectInModal(airlock: AirlockInstance, wagmi: Wagmi, parameters?: { chainId?: number; withCapabilities?: boolean }) {
  const connecting = wagmi.connect(parameters)
  await until(() => airlock.getState().router.open)
  await airlock.connect(WALLET.rdns)
  return connecting
}

describe.each(versions)('airlockConnector with $name', ({ wagmi: wagmiFor }) => {
  const start = (wallet: FakeWallet = fakeWallet({ chainId: 1 })) => {
    const airlock = startAirlock(wallet)
    return { airlock, wallet, wagmi: wagmiFor(airlock) }
  }

  it("connect opens Airlock's modal and resolves with what the visitor connected there, checksummed", async () => {
    const { airlock, wagmi } = start(fakeWallet({ chainId: 137, accounts: [ADDRESS_A.toLowerCase()] }))
    const result = await connectInModal(airlock, wagmi)
    expect(result).toEqual({ accounts: [ADDRESS_A], chainId: 137 })
    expect(wagmi.account()).toMatchObject({ status: 'connected', address: ADDRESS_A, chainId: 137 })
    expect(airlock.getState().connection.connectedNamespaces).toEqual(['eip155'])
  })

  it('connect rejects with a user rejection (4001) when the modal closes without a connection, and wagmi stays disconnected', async () => {
    const { airlock, wagmi } = start()
    const connecting = wagmi.connect()
    await until(() => airlock.getState().router.open)
    airlock.close()
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(wagmi.account().status).toBe('disconnected')
  })

  it('connect does not open the modal when Airlock is connected already, and answers account objects when asked withCapabilities', async () => {
    // Airlock connected before wagmi's config existed (wagmi set up later, without a reconnect).
    const airlock = startAirlock(fakeWallet({ chainId: 1 }))
    await airlock.connect(WALLET.rdns)
    const wagmi = wagmiFor(airlock)
    expect(wagmi.account().status).toBe('disconnected')
    const result = await wagmi.connect({ withCapabilities: true })
    expect(airlock.getState().router.open).toBe(false)
    expect(result).toEqual({ accounts: [{ address: ADDRESS_A, capabilities: {} }], chainId: 1 })
    expect(wagmi.account()).toMatchObject({ status: 'connected', addresses: [ADDRESS_A] })
  })

  it("connect with a chainId moves the new connection there through Airlock's switch", async () => {
    const { airlock, wagmi, wallet } = start()
    const result = await connectInModal(airlock, wagmi, { chainId: 137 })
    expect(result.chainId).toBe(137)
    expect(wallet.chainId).toBe(137)
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:137')
  })

  it("connect moves Airlock from another namespace's network to an EVM one before opening the modal", async () => {
    const wallet = fakeWallet({ chainId: 137 })
    const airlock = createAirlock(
      { projectId: 'wagmi-test', networks: [solana, ethereum, polygon], disableAppend: true },
      { deps: { storage: memoryStorage(), fetch: undefined, window: announcingPage(wallet, WALLET), logger: quiet } },
    )
    expect(airlock.getState().networks.activeNamespace).toBe('solana')
    const wagmi = wagmiFor(airlock)
    const connecting = wagmi.connect({ chainId: 137 })
    await until(() => airlock.getState().router.open)
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:137')
    await airlock.connect(WALLET.rdns)
    expect(await connecting).toEqual({ accounts: [ADDRESS_A], chainId: 137 })
  })

  it("switchChain moves Airlock's network and the wallet; Airlock's switch and the wallet's own move reach wagmi", async () => {
    const { airlock, wagmi, wallet } = start()
    await connectInModal(airlock, wagmi)

    expect(await wagmi.switchChain(137)).toMatchObject({ id: 137 })
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:137')
    expect(wallet.chainId).toBe(137)
    expect(wagmi.account().chainId).toBe(137)

    await airlock.switchNetwork('eip155:1')
    expect(wallet.chainId).toBe(1)
    expect(wagmi.account().chainId).toBe(1)

    wallet.moveTo(137)
    await until(() => wagmi.account().chainId === 137)
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:137')
  })

  it('switchChain to a chain wagmi was not given fails as a switch error and moves nothing', async () => {
    const { airlock, wagmi, wallet } = start()
    await connectInModal(airlock, wagmi)
    await expect(wagmi.switchChain(8453)).rejects.toMatchObject({ name: 'SwitchChainError', code: 4902 })
    expect(wallet.chainId).toBe(1)
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:1')
  })

  it('a switch the visitor declines in the wallet is a user rejection (4001)', async () => {
    const { airlock, wagmi, wallet } = start()
    await connectInModal(airlock, wagmi)
    wallet.declines.add('wallet_switchEthereumChain')
    await expect(wagmi.switchChain(137)).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(wagmi.account().chainId).toBe(1)
  })

  it("the wallet's account change reaches wagmi, the active account first", async () => {
    const { airlock, wagmi, wallet } = start()
    await connectInModal(airlock, wagmi)
    wallet.setAccounts([ADDRESS_B, ADDRESS_A])
    await until(() => wagmi.account().address === ADDRESS_B)
    expect(wagmi.account().addresses).toEqual([ADDRESS_B, ADDRESS_A])
  })

  it("wagmi's disconnect disconnects Airlock; Airlock's own connect and disconnect reach wagmi", async () => {
    const { airlock, wagmi } = start()
    await connectInModal(airlock, wagmi)

    await wagmi.disconnect()
    expect(airlock.getState().connection.connectedNamespaces).toEqual([])
    expect(wagmi.account().status).toBe('disconnected')

    // The visitor connects at Airlock's own button: wagmi takes it.
    await airlock.connect(WALLET.rdns)
    await until(() => wagmi.account().status === 'connected')
    expect(wagmi.account()).toMatchObject({ address: ADDRESS_A, chainId: 1 })

    await airlock.disconnect()
    await until(() => wagmi.account().status === 'disconnected')
  })

  it('the provider sends to the wallet Airlock connected, and answers 4900 without one', async () => {
    const { airlock, wagmi } = start(fakeWallet({ chainId: 137 }))
    const provider = await wagmi.provider()
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 })
    await connectInModal(airlock, wagmi)
    expect(await wagmi.provider()).toBe(provider)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x89')
    const changes: unknown[] = []
    provider.on('chainChanged', (chainId: never) => changes.push(chainId))
    await wagmi.switchChain(1)
    expect(changes).toEqual(['0x1'])
  })

  it("after a reload, reconnect waits for Airlock's restore of a slow wallet and restores wagmi's connection", async () => {
    const storage = memoryStorage()
    const wallet = fakeWallet({ chainId: 137 })
    const first = startAirlock(wallet, storage)
    await connectInModal(first, wagmiFor(first))
    first.destroy()

    // The next page: the wallet announces itself 200 ms after the page asks.
    const airlock = startAirlock(wallet, storage, slowPage(wallet, 200))
    expect(airlock.getState().connection.restoringNamespaces).toEqual(['eip155'])
    const wagmi = wagmiFor(airlock)
    const restored = await wagmi.reconnect()
    expect(restored.map(({ accounts, chainId }) => ({ accounts, chainId }))).toEqual([{ accounts: [ADDRESS_A], chainId: 137 }])
    expect(wagmi.account()).toMatchObject({ status: 'connected', address: ADDRESS_A, chainId: 137 })
    expect(airlock.getState().router.open).toBe(false)
  })

  it('reconnect restores nothing, and opens no modal, when Airlock has no connection to restore', async () => {
    const { airlock, wagmi } = start()
    expect(await wagmi.reconnect()).toEqual([])
    expect(wagmi.account().status).toBe('disconnected')
    expect(airlock.getState().router.open).toBe(false)
  })
})

describe('wagmiParameters', () => {
  it("gives wagmi Airlock's EVM networks as chains, a transport for each, and wagmi's own discovery off", () => {
    const airlock = startAirlock(fakeWallet())
    const parameters = wagmiParameters(airlock)
    expect(parameters.chains.map((chain) => [chain.id, chain.name, chain.rpcUrls.default.http[0]])).toEqual([
      [1, ethereum.name, ethereum.rpcUrls.default.http[0]],
      [137, polygon.name, polygon.rpcUrls.default.http[0]],
    ])
    expect(Object.keys(parameters.transports)).toEqual(['1', '137'])
    expect(parameters.multiInjectedProviderDiscovery).toBe(false)
    expect(parameters.connectors).toHaveLength(1)
  })

  it('throws when Airlock has no EVM network', () => {
    const airlock = createAirlock(
      { projectId: 'wagmi-test', networks: [solana], disableAppend: true },
      { deps: { storage: memoryStorage(), fetch: undefined, logger: quiet } },
    )
    expect(() => wagmiParameters(airlock)).toThrow(/no EVM network/)
  })
})
