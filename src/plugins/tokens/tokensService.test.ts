/**
 * The Tokens tab's data end to end in Node, with real parts: createAirlock with the built-in
 * plugins, a real wallet (a viem local account behind EIP-1193, announced through EIP-6963) on a
 * real anvil with the demo contracts, and the self-hosted Blockchain API (services/accountStack)
 * indexing it. The balances shown must be the chain's; a wallet that discovers its own assets
 * (EIP-7811) is asked instead of the API; without a Blockchain API the plugin does not load.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, formatUnits, http, type Address } from 'viem'
import { startAnvil, type Anvil } from '../../../services/chain/anvil.mjs'
import { startAccountServices, type AccountServices } from '../../../services/accountStack.mjs'
import { createAirlock, defineChain, type AirlockInstance } from '../../index'
import { memoryStorage } from '../../kernel/deps'
import type { WalletProvider } from '../../chains/adapter'
import { selectAccountTabs } from '../../core/contributions/selectors'
import { localWallet } from '../../../tests/support/localWallet'
import { selectTokensView } from './selectors'
import { announcingPage } from '../../../tests/support/announcingPage'
import { until, idleMs } from '../../../tests/support/until'

let anvil: Anvil
let stack: AccountServices
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  stack = await startAccountServices({ chain: { chainId: 31337, rpcUrl: anvil.url }, history: 4 })
}, idleMs(60_000))
afterAll(async () => {
  await stack?.stop()
  await anvil?.stop()
})

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

async function start(wallet: WalletProvider, blockchain: string | undefined) {
  const local = defineChain({
    id: 31337,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
  const airlock = createAirlock(
    { projectId: 'test', networks: [local], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api', ...(blockchain && { blockchain }) } },
    { deps: { storage: memoryStorage(), window: announcingPage(wallet), logger: { warn: () => undefined, error: () => undefined } } },
  )
  running.push(airlock)
  await airlock.ready()
  await airlock.connect('local.wallet')
  // The account plugins load once the modal has opened (deferUntilOpened).
  await airlock.open()
  return airlock
}

const chain = () => createPublicClient({ transport: http(anvil.url) })
const tokenAmount = async (token: Address, decimals: number) =>
  formatUnits(await chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [stack.holder] }), decimals)

describe('the Tokens tab over the self-hosted Blockchain API', () => {
  it('lists the chain’s balances of the connected account, priced, highest value first, with the total', async () => {
    const airlock = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }), stack.apiUrl)
    await until(() => selectTokensView(airlock.getState()).status === 'ready')
    const view = selectTokensView(airlock.getState())
    const bySymbol = Object.fromEntries(view.balances.map((b) => [b.symbol, b]))
    expect(Object.keys(bySymbol).sort()).toEqual(['ADD', 'ADT', 'ETH', 'USDT-L'])
    // Each amount is what the chain holds now; the value is amount × the API's price.
    expect(bySymbol.ADT?.quantity.numeric).toBe(await tokenAmount(stack.contracts.tokens.adt, 18))
    expect(bySymbol.ADD?.quantity.numeric).toBe(await tokenAmount(stack.contracts.tokens.add, 6))
    expect(bySymbol['USDT-L']?.quantity.numeric).toBe(await tokenAmount(stack.contracts.tokens.usdt, 6))
    expect(bySymbol.ETH?.quantity.numeric).toBe(formatUnits(await chain().getBalance({ address: stack.holder }), 18))
    expect(bySymbol.ADT?.value).toBeCloseTo(Number(bySymbol.ADT?.quantity.numeric) * 2, 6)
    expect(view.balances.map((b) => b.value)).toEqual([...view.balances.map((b) => b.value)].sort((a, b) => b - a))
    expect(view.total).toBeCloseTo(
      view.balances.reduce((sum, b) => sum + b.value, 0),
      6,
    )
    expect(selectAccountTabs(airlock.getState()).map((tab) => tab.id)).toContain('tokens')
  })

  it('asks a wallet that discovers its own assets (wallet_getAssets) instead of the API', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: 31337, assets: { tokens: [stack.contracts.tokens.adt], prices: { ADT: 3, ETH: 2500 } } })
    const airlock = await start(wallet, stack.apiUrl)
    await until(() => selectTokensView(airlock.getState()).status === 'ready')
    const view = selectTokensView(airlock.getState())
    // The wallet's list (ETH and ADT only) at the wallet's prices, not the API's four at its prices.
    expect(view.balances.map((b) => b.symbol).sort()).toEqual(['ADT', 'ETH'])
    const adt = view.balances.find((b) => b.symbol === 'ADT')
    expect(adt).toMatchObject({
      price: 3,
      address: `eip155:31337:${stack.contracts.tokens.adt}`,
      quantity: { decimals: '18', numeric: await tokenAmount(stack.contracts.tokens.adt, 18) },
    })
    expect(adt?.value).toBeCloseTo(Number(adt?.quantity.numeric) * 3, 6)
    expect(wallet.calls).toContain('wallet_getAssets')
  })

  it('a page that never opens the modal loads nothing of it; the first open loads it', async () => {
    const local = defineChain({
      id: 31337,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    })
    const airlock = createAirlock(
      { projectId: 'test', networks: [local], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api', blockchain: stack.apiUrl } },
      {
        deps: {
          storage: memoryStorage(),
          window: announcingPage(localWallet({ rpcUrl: anvil.url, chainId: 31337 })),
          logger: { warn: () => undefined, error: () => undefined },
        },
      },
    )
    running.push(airlock)
    await airlock.ready()
    await airlock.connect('local.wallet')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(airlock.loadedPlugins()).not.toContain('tokens')
    expect(airlock.loadedPlugins()).not.toContain('identity')
    await airlock.open()
    await until(() => airlock.loadedPlugins().includes('tokens') && selectTokensView(airlock.getState()).status === 'ready')
    // Closing keeps it: the next open shows the balances at once.
    airlock.close()
    expect(airlock.loadedPlugins()).toContain('tokens')
  })

  it('without a Blockchain API the plugin is not loaded and Account offers no Tokens tab', async () => {
    const airlock = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }), undefined)
    expect(airlock.loadedPlugins()).not.toContain('tokens')
    expect(airlock.getState().tokens).toBeUndefined()
    expect(selectAccountTabs(airlock.getState()).map((tab) => tab.id)).not.toContain('tokens')
  })
})
