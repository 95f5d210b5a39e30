/**
 * Airlock's Solana connection as a Wallet Standard wallet (issue 25 §2), in Node: a real Airlock
 * instance (createAirlock, the real solana adapter and Wallet Standard provider) with the demo's
 * Solana wallet (demo/wallets/solanaWallet.ts, listing the standard cluster names) connected in
 * it, the local SVM (services/solana, litesvm) behind JSON-RPC, and the app side of the Wallet
 * Standard as @wallet-standard/app plays it on a small EventTarget window. The app registers
 * first, then Airlock's wallet: the app sees it, connects through it (the modal opens; the visitor's
 * pick is `airlock.connect`), signs (ed25519 checked), sends (the balance moves), hears account
 * changes, and disconnects; Airlock's discovery never takes it for a wallet of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { WalletProvider } from '../ports/wallet'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsChangeProperties, StandardEventsFeature } from '@wallet-standard/features'
import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { DEMO_SOLANA_ADDRESS, DEMO_SOLANA_SECRET_KEY, startSolana, type LocalSolana } from '../../services/solana/server.mjs'
import { registerSolanaTestWallet, solanaTestWalletAddress, type SolanaTestWallet } from '../../demo/wallets/solanaWallet'
import { createAirlock, defineChain, type AirlockInstance } from '../index'
import { memoryStorage } from '../kernel/deps'
import { createEvent } from '../kernel/registry'
import { InvalidOptionsError } from '../kernel/errors/options'
import { UnauthorizedProviderError, UserRejectedRequestError } from '../kernel/errors/provider'
import { createProviderRegistry } from '../connectors/providerRegistry'
import { solanaStandard } from '../connectors/walletStandard/solana'
import { standardConnectors } from '../connectors/walletStandard/discover'
import { readSigners } from '../chains/solana/wire'
import { transferSolTransaction } from '../chains/solana/transfer'
import { switchActiveChain } from '../core/networks/pickNetwork'
import { fakeWallet } from '../../tests/support/eip1193Wallet'
import { testWindow } from '../../tests/support/testWindow'
import { until } from '../../tests/support/until'
import { registeredWallets, withoutFeatures } from '../../tests/support/walletStandard'
import { registerAirlockWallet, AIRLOCK_WALLET_FEATURE } from './index'
import { AIRLOCK_ICON } from './icon'

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

const STANDARD_NAMES = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet']
const DEMO_CONNECTOR = 'wallet-standard.solana.demo-wallet'
const EVM_CONNECTOR = 'fake.evm'
/** An EVM network whose endpoint answers nothing (the balance read fails fast; nothing leaves the machine). */
const LOCAL_EVM = defineChain({
  id: 31337,
  name: 'Local EVM',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
  testnet: true,
})
/** A receiver with no account yet (RFC 8032's second test key; public, worthless). */
const RECEIVER_SEED = '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb'

let solana: LocalSolana
let receiver: string

beforeAll(async () => {
  solana = await startSolana({ accounts: [{ address: DEMO_SOLANA_ADDRESS, lamports: 10n ** 10n }] })
  receiver = await solanaTestWalletAddress(RECEIVER_SEED)
})

afterAll(async () => {
  await solana?.stop()
})

interface Setup {
  readonly airlock: AirlockInstance
  readonly app: Wallet[]
  readonly demo: SolanaTestWallet
  readonly win: Window
}

/** An instance on the local cluster with the demo wallet as a connector, and Airlock's wallet registered on `win`. */
function setUp({
  signAndSend = true,
  signatureOnly = false,
  evm = false,
}: { readonly signAndSend?: boolean; readonly signatureOnly?: boolean; readonly evm?: boolean } = {}): Setup & {
  wallet: Wallet
  features: Features
} {
  const win = testWindow()
  const app = registeredWallets(win)
  const demo = registerSolanaTestWallet(win, { secretKey: DEMO_SOLANA_SECRET_KEY, address: DEMO_SOLANA_ADDRESS, rpcUrl: solana.url, chains: STANDARD_NAMES })
  const demoWallet = app.at(-1)!
  // A wallet that only signs: the same wallet without solana:signAndSendTransaction.
  const served = signAndSend ? demoWallet : withoutFeatures(demoWallet, 'solana:signAndSendTransaction')
  const providers = createProviderRegistry()
  const provider = solanaStandard.provider(served)
  // A wallet that answers solana_signTransaction with the signature alone (WalletConnect allows it).
  const signatureOnlyProvider: WalletProvider = {
    ...provider,
    async request(args) {
      const answer = await provider.request(args)
      return args.method === 'solana_signTransaction' ? { signature: (answer as { signature: string }).signature } : answer
    },
  }
  providers.set(DEMO_CONNECTOR, signatureOnly ? signatureOnlyProvider : provider)
  if (evm) providers.set(EVM_CONNECTOR, fakeWallet({ chainId: LOCAL_EVM.id as number }))
  const local = defineChain({
    id: solana.caipNetworkId.slice('solana:'.length),
    chainNamespace: 'solana',
    name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [solana.url] } },
    testnet: true,
  })
  const airlock = createAirlock(
    { projectId: 'test', networks: evm ? [LOCAL_EVM, local] : [local], enableWalletConnect: false },
    { deps: { storage: memoryStorage(), window: undefined, logger: { warn() {}, error() {} } }, connectors: { providers } },
  )
  airlock._internal.dispatch(
    createEvent('CONNECTORS_ADDED', {
      connectors: [
        { id: DEMO_CONNECTOR, name: 'Demo Wallet', type: 'ANNOUNCED', chain: 'solana' },
        ...(evm ? [{ id: EVM_CONNECTOR, name: 'EVM Wallet', type: 'ANNOUNCED' as const, chain: 'eip155' as const }] : []),
      ],
    }),
  )
  const registration = registerAirlockWallet(airlock, { window: win })
  expect(registration.name).toBe('Airlock')
  const wallet = app.find((w) => w.name === 'Airlock')!
  return { airlock, app, demo, win, wallet, features: wallet.features as Features }
}

/** Connect as an app does (standard:connect), the visitor picking the demo wallet in the modal. */
async function connect({ airlock, features }: { airlock: AirlockInstance; features: Features }): Promise<WalletAccount> {
  const connecting = features['standard:connect'].connect()
  await until(() => airlock.getState().router.open)
  await airlock.connect(DEMO_CONNECTOR)
  const { accounts } = await connecting
  expect(accounts).toHaveLength(1)
  return accounts[0]!
}

async function lamports(address: string): Promise<bigint> {
  const response = await fetch(solana.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

async function latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: bigint }> {
  const response = await fetch(solana.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] }),
  })
  const { value } = ((await response.json()) as { result: { value: { blockhash: string; lastValidBlockHeight: number } } }).result
  return { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }
}

async function transfer(amount: bigint): Promise<Uint8Array> {
  return base64.decode(transferSolTransaction({ from: DEMO_SOLANA_ADDRESS, to: receiver, amount, ...(await latestBlockhash()) }))
}

describe('registration', () => {
  it('an app lists "Airlock" with its icon, the local cluster under its id and as solana:localnet, and every feature wallet adapters need', () => {
    const { wallet } = setUp()
    expect(wallet.icon).toBe(AIRLOCK_ICON)
    expect(wallet.chains).toEqual([solana.caipNetworkId, 'solana:localnet'])
    expect(Object.keys(wallet.features).sort()).toEqual(
      [
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
        AIRLOCK_WALLET_FEATURE,
      ].sort(),
    )
    expect(wallet.accounts).toEqual([])
  })

  it('registers with an app that starts later (wallet-standard:app-ready), and leaves every app’s list on unregister', () => {
    const win = testWindow()
    const early = registeredWallets(win)
    const { airlock } = setUp()
    const registration = registerAirlockWallet(airlock, { window: win, name: '  Site\u202E wallet ' })
    expect(registration.name).toBe('Site wallet')
    const late = registeredWallets(win)
    expect(early.map((w) => w.name)).toEqual(['Site wallet'])
    expect(late.map((w) => w.name)).toEqual(['Site wallet'])
    registration.unregister()
    expect(early).toEqual([])
    expect(late).toEqual([])
    // No app that starts after it left finds it.
    expect(registeredWallets(win)).toEqual([])
  })

  it('refuses an icon that is not a base64 image data: URL, and an empty name', () => {
    const { airlock, win } = setUp()
    expect(() => registerAirlockWallet(airlock, { window: win, icon: 'https://example.com/icon.svg' })).toThrow(InvalidOptionsError)
    expect(() => registerAirlockWallet(airlock, { window: win, icon: 'data:image/svg+xml,<svg onload="x()"/>' })).toThrow(InvalidOptionsError)
    expect(() => registerAirlockWallet(airlock, { window: win, name: ' \n ' })).toThrow(InvalidOptionsError)
  })

  it('Airlock’s discovery never lists its own wallet (no loop), and lists the demo wallet beside it', () => {
    const { app } = setUp()
    const connectors = app.flatMap((wallet) => standardConnectors(wallet, [solanaStandard]).map((found) => found.connector.name))
    expect(app.map((w) => w.name).sort()).toEqual(['Airlock', 'Demo Wallet'])
    expect(connectors).toEqual(['Demo Wallet'])
  })
})

describe('standard:connect, standard:events, standard:disconnect', () => {
  it('opens Airlock’s modal on Solana, settles with the account the visitor connected, and tells listeners', async () => {
    const setup = setUp()
    const changes: StandardEventsChangeProperties[] = []
    setup.features['standard:events'].on('change', (properties) => changes.push(properties))
    const account = await connect(setup)
    expect(account.address).toBe(DEMO_SOLANA_ADDRESS)
    expect(account.publicKey).toEqual(base58.decode(DEMO_SOLANA_ADDRESS))
    expect(account.chains).toEqual([solana.caipNetworkId, 'solana:localnet'])
    expect(setup.wallet.accounts).toEqual([account])
    // The same state gives the same account object (wallet adapters compare by identity).
    expect(setup.wallet.accounts[0]).toBe(account)
    expect(changes).toEqual([{ accounts: [account] }])
    // Connected already: a connect answers at once, without opening the modal.
    await until(() => !setup.airlock.getState().router.open)
    expect((await setup.features['standard:connect'].connect()).accounts).toEqual([account])
    expect(setup.airlock.getState().router.open).toBe(false)
  })

  it('connected in another namespace only: the modal says so (SwitchActiveChain), goes on to Connect on Solana, and settles there', async () => {
    const setup = setUp({ evm: true })
    await setup.airlock.connect(EVM_CONNECTOR)
    await until(() => !setup.airlock.getState().router.open)
    const connecting = setup.features['standard:connect'].connect()
    await until(() => setup.airlock.getState().router.open)
    expect(setup.airlock.getState().router.history.at(-1)).toMatchObject({
      view: 'SwitchActiveChain',
      data: { caipNetworkId: solana.caipNetworkId, switchToChain: 'solana', navigateTo: 'Connect' },
    })
    // The view's button.
    setup.airlock._internal.dispatch(switchActiveChain)
    await until(() => setup.airlock.getState().networks.activeNamespace === 'solana')
    expect(setup.airlock.getState().router.history.at(-1)?.view).toBe('Connect')
    await setup.airlock.connect(DEMO_CONNECTOR)
    expect((await connecting).accounts.map((a) => a.address)).toEqual([DEMO_SOLANA_ADDRESS])
    expect([...setup.airlock.getState().connection.connectedNamespaces].sort()).toEqual(['eip155', 'solana'])
  })

  it('a silent connect does not open the modal: it answers no account while Airlock has none', async () => {
    const { airlock, features } = setUp()
    expect((await features['standard:connect'].connect({ silent: true })).accounts).toEqual([])
    expect(airlock.getState().router.open).toBe(false)
  })

  it('rejects with 4001 when the visitor closes the modal without connecting on Solana', async () => {
    const { airlock, features } = setUp()
    const connecting = features['standard:connect'].connect()
    await until(() => airlock.getState().router.open)
    airlock.close()
    await expect(connecting).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('follows the connected wallet’s account change, and disconnects Airlock on standard:disconnect', async () => {
    const setup = setUp()
    await connect(setup)
    const changes: StandardEventsChangeProperties[] = []
    setup.features['standard:events'].on('change', (properties) => changes.push(properties))
    const next = await setup.demo.setAccount(RECEIVER_SEED)
    await until(() => setup.wallet.accounts[0]?.address === next)
    expect(changes.map((c) => c.accounts?.map((a) => a.address))).toEqual([[next]])

    await setup.features['standard:disconnect'].disconnect()
    expect(setup.airlock.getState().connection.connectedNamespaces).toEqual([])
    expect(setup.wallet.accounts).toEqual([])
    expect(changes.at(-1)).toEqual({ accounts: [] })
  })

  it('a disconnect from Airlock’s side tells the app the account is gone', async () => {
    const setup = setUp()
    await connect(setup)
    const changes: StandardEventsChangeProperties[] = []
    setup.features['standard:events'].on('change', (properties) => changes.push(properties))
    await setup.airlock.disconnect()
    expect(changes).toEqual([{ accounts: [] }])
  })
})

describe('signing and sending through whatever Airlock connected', () => {
  it('signs a message with the connected wallet’s key (ed25519 over the bytes)', async () => {
    const setup = setUp()
    const account = await connect(setup)
    const message = new TextEncoder().encode('Signed through Airlock ✓')
    const [output] = await setup.features['solana:signMessage'].signMessage({ account, message })
    expect(output!.signedMessage).toEqual(message)
    expect(ed25519.verify(output!.signature, message, base58.decode(DEMO_SOLANA_ADDRESS))).toBe(true)
  })

  it('refuses an account Airlock has not connected (4100)', async () => {
    const setup = setUp()
    const account = await connect(setup)
    const other = { ...account, address: receiver, publicKey: base58.decode(receiver) }
    await expect(setup.features['solana:signMessage'].signMessage({ account: other, message: new Uint8Array([1]) })).rejects.toBeInstanceOf(
      UnauthorizedProviderError,
    )
  })

  it('signs transactions, one and several at once; each signature verifies over the message', async () => {
    const setup = setUp()
    const account = await connect(setup)
    const transactions = [await transfer(1n), await transfer(2n)]
    for (const batch of [[transactions[0]!], transactions]) {
      const outputs = await setup.features['solana:signTransaction'].signTransaction(...batch.map((transaction) => ({ account, transaction })))
      expect(outputs).toHaveLength(batch.length)
      for (const [i, { signedTransaction }] of outputs.entries()) {
        const { signatures } = readSigners(signedTransaction)
        const messageStart = 1 + 64 * signatures.length
        expect(signedTransaction.subarray(messageStart)).toEqual(batch[i]!.subarray(messageStart))
        expect(ed25519.verify(signatures[0]!, signedTransaction.subarray(messageStart), base58.decode(DEMO_SOLANA_ADDRESS))).toBe(true)
      }
    }
  })

  it('a wallet that answers a signature alone: the signature goes into the account’s slot of the app’s transaction', async () => {
    const setup = setUp({ signatureOnly: true })
    const account = await connect(setup)
    const transaction = await transfer(3n)
    const [output] = await setup.features['solana:signTransaction'].signTransaction({ account, transaction })
    const { signatures } = readSigners(output!.signedTransaction)
    expect(output!.signedTransaction.subarray(65)).toEqual(transaction.subarray(65))
    expect(ed25519.verify(signatures[0]!, transaction.subarray(65), base58.decode(DEMO_SOLANA_ADDRESS))).toBe(true)
  })

  it.each([
    {
      title: 'signs and sends on the app’s chain (solana:localnet is the site’s local cluster): the lamports move on the SVM',
      signAndSend: true,
      amount: 1_000_000n,
    },
    { title: 'a wallet that only signs: Airlock signs through it and sends through the network’s endpoint', signAndSend: false, amount: 2_000_000n },
  ])('$title', async ({ signAndSend, amount }) => {
    const setup = setUp({ signAndSend })
    const account = await connect(setup)
    const before = await lamports(receiver)
    const [output] = await setup.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      chain: 'solana:localnet',
      transaction: await transfer(amount),
    })
    expect(output!.signature).toHaveLength(64)
    expect(await lamports(receiver)).toBe(before + amount)
  })

  it('refuses a chain the site has no network for', async () => {
    const setup = setUp()
    const account = await connect(setup)
    await expect(
      setup.features['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: 'solana:mainnet', transaction: await transfer(1n) }),
    ).rejects.toMatchObject({ code: 4901 })
  })
})
