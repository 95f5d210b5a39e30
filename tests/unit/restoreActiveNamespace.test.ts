/**
 * A reload restores the active namespace the visitor left (SPEC §3 browser storage: the active
 * namespace and the active network id are stored; SPEC §4: a switch records the active network
 * id). The page is the demo's: EVM, Solana and Bitcoin networks, and the Demo Wallet in all three
 * (one multi-chain entry of Connect) with its real halves: the EIP-6963 EVM wallet, the Wallet
 * Standard Solana wallet and the sats-connect Bitcoin wallet. Each wallet keeps its permission in
 * the page's localStorage, so after the "reload" (a new instance on the same storage, in the same
 * window) every namespace is restored without a prompt. Before the fix every restored namespace
 * took the active network, so the last wallet to answer (Bitcoin's) won.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createAirlock, defineChain, solana, type AirlockInstance } from '../../src/index'
import { memoryStorage, type StorageLike } from '../../src/kernel/deps'
import { BIP122_REFERENCES } from '../../src/chains/bip122/address'
import { announceDemoWallet } from '../../demo/demoWallet'
import { registerSolanaTestWallet, solanaTestWalletAddress } from '../../demo/wallets/solanaWallet'
import { installBitcoinTestWallet } from '../../demo/wallets/bitcoinWallet'
import { testWindow } from '../support/testWindow'
import { until as waitUntil } from '../support/until'

/** RFC 8032's first ed25519 test key: public, worthless. */
const SOLANA_SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
/** The demo stack's regtest key and its two addresses (services/bitcoin): public, worthless. */
const BITCOIN = {
  wif: 'cPh6jdUNqTKrH9HFGmmjm7P15V4UioUqUYiYEcAtzgbmzVh5rysk',
  paymentAddress: 'bcrt1qr242js6jdfzwwjz0hqdjg9rkgasttuvwcu64ns',
  ordinalsAddress: 'bcrt1pswcwgz3rr2wrdnfktn52jsu9eanumc4zc3q7klllm47pc77rufsqu4cuqt',
}
const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** Nothing listens here: the wallets answer what a connect and a restore ask without it. */
const NOWHERE = 'http://127.0.0.1:9'

const anvil = defineChain({
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [NOWHERE] } },
  testnet: true,
})
const regtest = defineChain({
  id: BIP122_REFERENCES.regtest,
  chainNamespace: 'bip122',
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [NOWHERE] } },
  testnet: true,
})

/**
 * The browser tab: one window across the reloads, the wallets (extensions) installed in it once.
 * Every instance finds them on its own window (deps.window), the global one untouched: discovery
 * used to read the global window's list (@wallet-standard/app's, one per realm), so this file
 * stubbed it and failed when another file of its worker had made that list first.
 */
const win = testWindow()
let solanaAddress = ''
beforeAll(async () => {
  solanaAddress = await solanaTestWalletAddress(SOLANA_SEED)
  announceDemoWallet(win, [{ chainId: anvil.id as number, rpcUrl: NOWHERE }])
  registerSolanaTestWallet(win, { secretKey: SOLANA_SEED, address: solanaAddress, rpcUrl: NOWHERE, chains: [solana.caipNetworkId] })
  installBitcoinTestWallet(win, { ...BITCOIN, esploraUrl: NOWHERE })
})
const open: AirlockInstance[] = []
afterEach(() => {
  for (const airlock of open.splice(0)) airlock.destroy()
})

/** One load of the demo's page on the site's `storage`. */
function load(storage: StorageLike): AirlockInstance {
  const airlock = createAirlock(
    { projectId: 'test', networks: [anvil, solana, regtest], disableAppend: true, enableWalletConnect: false, apiUrls: { config: `${NOWHERE}/api` } },
    {
      deps: { storage, fetch: undefined, window: win, logger: { warn: () => undefined, error: () => undefined } },
      connectors: { readerFor: () => undefined },
    },
  )
  open.push(airlock)
  return airlock
}

/** A few turns for every restore and the wallets' events to land before reading what the page shows. */
const settled = () => new Promise((r) => setTimeout(r, 20))

/**
 * Wait for `check`: the first connect loads the adapters' and discovery's chunks, slow on a busy
 * machine. 15 s of an idle machine's time (tests/support/until.ts), then `what` fails.
 */
async function until(check: () => boolean, what: string): Promise<void> {
  await waitUntil(check, 15_000, what).catch(() => undefined)
  expect(check(), what).toBe(true)
}

/** Connect lists the Demo Wallet once, on all three namespaces (discovery of Solana and Bitcoin is a chunk of its own). */
const discovered = (airlock: AirlockInstance) => () =>
  airlock.getState().connectors.connectors.some((c) => c.id === 'dev.airlock.demo-wallet' && c.connectors?.length === 3)

const allConnected = (airlock: AirlockInstance) => () => {
  const state = airlock.getState()
  return state.connection.status === 'connected' && (['eip155', 'solana', 'bip122'] as const).every((ns) => state.account.accounts[ns].address !== null)
}

/** The active namespace (of the networks and of the account slice), the active network and the account shown. */
function shown(airlock: AirlockInstance) {
  const state = airlock.getState()
  return {
    networks: state.networks.activeNamespace,
    account: state.account.activeNamespace,
    network: state.networks.activeCaipNetworkId,
    address: state.networks.activeNamespace === null ? null : state.account.accounts[state.networks.activeNamespace].caipAddress,
  }
}

describe('reloading a page with eip155, solana and bip122 networks after connecting the Demo Wallet', () => {
  it('comes back on the EVM network the visitor was on, with the EVM account', async () => {
    const storage = memoryStorage()
    const first = load(storage)
    await until(discovered(first), 'the Demo Wallet found on all three namespaces')
    await first.connect('dev.airlock.demo-wallet')
    await until(allConnected(first), 'connected on all three namespaces')
    const evm = { networks: 'eip155', account: 'eip155', network: anvil.caipNetworkId, address: `${anvil.caipNetworkId}:${EVM_ADDRESS}` }
    expect(shown(first)).toEqual(evm)
    first.destroy()

    for (const reload of [1, 2]) {
      const again = load(storage)
      await until(allConnected(again), `restored on all three namespaces (reload ${reload})`)
      await settled()
      expect(shown(again), `reload ${reload}`).toEqual(evm)
      again.destroy()
    }
  })

  it('comes back on the network the visitor switched to last: Solana, then EVM again after switching back', async () => {
    const storage = memoryStorage()
    const first = load(storage)
    await until(discovered(first), 'the Demo Wallet found on all three namespaces')
    await first.connect('dev.airlock.demo-wallet')
    await until(allConnected(first), 'connected on all three namespaces')
    await first.switchNetwork(solana.caipNetworkId)
    first.destroy()

    const second = load(storage)
    await until(allConnected(second), 'restored on all three namespaces')
    await settled()
    expect(shown(second)).toEqual({ networks: 'solana', account: 'solana', network: solana.caipNetworkId, address: `${solana.caipNetworkId}:${solanaAddress}` })
    await second.switchNetwork(anvil.caipNetworkId)
    second.destroy()

    const third = load(storage)
    await until(allConnected(third), 'restored on all three namespaces')
    await settled()
    expect(shown(third)).toEqual({ networks: 'eip155', account: 'eip155', network: anvil.caipNetworkId, address: `${anvil.caipNetworkId}:${EVM_ADDRESS}` })
  })
})
