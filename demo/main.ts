/**
 * The demo page: an Airlock instance with its state and public event stream shown as text, and a
 * few controls. It uses only the public entry point. The instance is `window.airlock`.
 */
import * as t from 'io-ts'
import { isRight } from 'fp-ts/Either'
import { createAirlock, defineChain, ethereum, polygon, selectActiveAccount, selectActiveNetwork, type AirlockInstance } from 'airlock'
import { createSessionsSiwx } from 'airlock'
import { announceDemoWallet } from './demoWallet'
import { signMessagePlugin } from '../examples/sign-message-plugin/manifest'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

/**
 * What `npm start` tells the page: where the local chains, the config service and the relay
 * listen, and the demo wallet's development keys for the local Solana and Bitcoin chains (public,
 * worthless anywhere else).
 */
const DemoEnv = t.partial({
  configUrl: t.string,
  relayUrl: t.string,
  chains: t.array(t.type({ chainId: t.number, rpcUrl: t.string, name: t.string })),
  /** The self-hosted Blockchain API (balances, NFTs, history, identity, names) over the first chain. */
  blockchainUrl: t.string,
  tokens: t.record(t.string, t.type({ address: t.string })),
  /** The secure frame (the embedded wallet) and its auth service. */
  frameUrl: t.string,
  authUrl: t.string,
  /** The demo's mailbox (sign-in codes) and local Farcaster app (services/devTools.mjs). */
  devToolsUrl: t.string,
  solana: t.type({ rpcUrl: t.string, caipNetworkId: t.string, secretKey: t.string, address: t.string }),
  bitcoin: t.type({ esploraUrl: t.string, wif: t.string, paymentAddress: t.string, ordinalsAddress: t.string }),
  /** The sessions service (sign in with a wallet, services/sessions). */
  sessionsUrl: t.string,
})

async function loadEnv(): Promise<t.TypeOf<typeof DemoEnv>> {
  try {
    const response = await fetch('./env.json')
    const decoded = DemoEnv.decode(response.ok ? await response.json() : {})
    return isRight(decoded) ? decoded.right : {}
  } catch {
    return {}
  }
}

/** The bip122 CAIP-2 reference of regtest: its genesis block hash's first 32 characters. */
const REGTEST_REFERENCE = '0f9188f13cb7b2c71f2a335e3a4fc328'

const env = await loadEnv()
const localChains = (env.chains ?? []).map((chain, i) =>
  defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    // The first chain, the one the Blockchain API serves, stands in for a main network: its
    // tokens have prices and its accounts names (identity is only asked on non-testnets, SPEC §4).
    testnet: !(i === 0 && env.blockchainUrl),
  }),
)
const params = new URLSearchParams(location.search)
// `?namespaces=eip155` (or any comma list of eip155, solana, bip122) shows a site that configured only those.
const namespaces = new Set((params.get('namespaces') ?? 'eip155,solana,bip122').split(','))

// The local Solana cluster: its own CAIP-2 id (the genesis hash's first 32 characters), and the
// Solana explorer pointed at it as a custom cluster.
const localSolana = env.solana
  ? defineChain({
      id: env.solana.caipNetworkId.slice('solana:'.length),
      chainNamespace: 'solana',
      name: 'Solana Local',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [env.solana.rpcUrl] } },
      blockExplorers: {
        default: { name: 'Solana Explorer', url: `https://explorer.solana.com?cluster=custom&customUrl=${encodeURIComponent(env.solana.rpcUrl)}` },
      },
      testnet: true,
    })
  : undefined
// The regtest node: its endpoint is the Esplora API, which also serves each address as JSON.
const localBitcoin = env.bitcoin
  ? defineChain({
      id: REGTEST_REFERENCE,
      chainNamespace: 'bip122',
      name: 'Bitcoin Regtest',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrls: { default: { http: [env.bitcoin.esploraUrl] } },
      blockExplorers: { default: { name: 'Esplora', url: env.bitcoin.esploraUrl } },
      testnet: true,
    })
  : undefined

// The Demo Wallet, in all three namespaces: one wallet that Connect shows once (multi-chain). Its
// Solana and Bitcoin halves load only on a page that configures those namespaces, so an EVM-only
// page measures the product's first load, not the demo wallets' code.
if (env.chains && env.chains.length > 0) announceDemoWallet(window, env.chains.slice(0, 1))
if (env.solana && localSolana && namespaces.has('solana')) {
  const { registerSolanaTestWallet } = await import('./wallets/solanaWallet')
  registerSolanaTestWallet(window, {
    secretKey: env.solana.secretKey,
    address: env.solana.address,
    rpcUrl: env.solana.rpcUrl,
    chains: [env.solana.caipNetworkId],
  })
}
if (env.bitcoin && namespaces.has('bip122')) {
  const { installBitcoinTestWallet } = await import('./wallets/bitcoinWallet')
  installBitcoinTestWallet(window, {
    wif: env.bitcoin.wif,
    paymentAddress: env.bitcoin.paymentAddress,
    ordinalsAddress: env.bitcoin.ordinalsAddress,
    esploraUrl: env.bitcoin.esploraUrl,
  })
}

const evmNetworks = localChains.length > 0 ? localChains : [ethereum, polygon]
const networks = [
  ...(namespaces.has('eip155') ? evmNetworks : []),
  ...(namespaces.has('solana') && localSolana ? [localSolana] : []),
  ...(namespaces.has('bip122') && localBitcoin ? [localBitcoin] : []),
]
const airlock = createAirlock({
  projectId: params.get('projectId') ?? 'airlock-demo',
  networks: networks.length > 0 ? networks : evmNetworks,
  features: {
    // On unless ?swaps=0 (the demo's API serves swaps on its first chain).
    swaps: params.get('swaps') !== '0',
    // Register a name (eip155): on unless `?names=0`.
    names: params.get('names') !== '0',
    // Buy crypto through the local on-ramp: on unless `?onramp=0`.
    onramp: params.get('onramp') !== '0',
  },
  // The embedded wallet starts on its EOA: the v0.7 simple account has no ERC-1271, so only the
  // EOA's signatures verify anywhere. Wallet settings switches to the smart account; `?accountType=smartAccount` starts there.
  defaultAccountTypes: { eip155: params.get('accountType') === 'smartAccount' ? 'smartAccount' : 'eoa' },
  metadata: { name: 'Airlock demo', description: 'The Airlock demo page', url: location.origin, icons: [] },
  // The local config service of `npm start`; `?config=none` shows a site that set none (the
  // bundled wallet catalog, no config request at all).
  apiUrls: {
    ...(params.get('config') === 'none' ? {} : { config: params.get('config') ?? env.configUrl ?? `${location.origin}/api` }),
    // The local Blockchain API of `npm start`; `?blockchain=none` shows a site that set none (no Tokens, NFTs or Activity).
    ...(env.blockchainUrl && params.get('blockchain') !== 'none' ? { blockchain: env.blockchainUrl } : {}),
    // The local secure frame of `npm start` (the embedded wallet: email and social sign-in); `?frame=none` leaves it out.
    ...(env.frameUrl && params.get('frame') !== 'none' ? { secureSite: env.frameUrl } : {}),
  },
  ...(env.tokens ? { tokens: env.tokens } : {}),
  // The local relay of `npm start`; without it, the WalletConnect network's relay.
  ...(env.relayUrl ? { relayUrl: env.relayUrl } : {}),
  themeMode: params.get('theme') === 'dark' ? 'dark' : 'light',
  locale: params.get('locale') ?? 'en',
  // `?example` loads the example plugin (its Account action and view), as a site would add one.
  plugins: params.has('example') ? [signMessagePlugin] : [],
  // Sign in with a wallet against the local sessions service: `?siwx=1` asks after connecting,
  // `?siwx=required` too and Cancel disconnects. Off by default.
  ...((params.get('siwx') === '1' || params.get('siwx') === 'required') && env.sessionsUrl
    ? { siwx: createSessionsSiwx({ url: env.sessionsUrl, required: params.get('siwx') === 'required', statement: 'Sign in to the Airlock demo' }) }
    : {}),
})
window.airlock = airlock

if (env.devToolsUrl) {
  const link = document.getElementById('dev-tools-link')
  const paragraph = document.getElementById('dev-tools')
  if (link instanceof HTMLAnchorElement && paragraph) {
    link.href = env.devToolsUrl
    paragraph.hidden = false
  }
}

const byId = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id)
  if (!element) throw new Error(`Missing #${id}`)
  return element as T
}

const stateView = byId<HTMLPreElement>('state')
const eventsView = byId<HTMLOListElement>('events')
const status = byId<HTMLParagraphElement>('status')
const accountLine = byId<HTMLParagraphElement>('account')
const swaps = byId<HTMLInputElement>('swaps')

function render(): void {
  const state = airlock.getState()
  // textContent only: nothing here is ever parsed as HTML.
  stateView.textContent = JSON.stringify(state, null, 2)
  const plugins = airlock.loadedPlugins().join(', ') || 'none'
  status.textContent = `Airlock is running. Modal ${state.router.open ? 'open' : 'closed'}; plugins loaded: ${plugins}.`
  const namespace = state.networks.activeNamespace
  const account = selectActiveAccount(state)
  const connected = namespace !== null && state.connection.connectedNamespaces.includes(namespace)
  const networkName = selectActiveNetwork(state)?.name ?? '—'
  accountLine.textContent =
    connected && account?.address
      ? `Connected: ${account.address} · ${account.balance ?? '…'} ${account.balanceSymbol ?? ''} · ${networkName} (${state.networks.activeCaipNetworkId ?? ''})`
      : `Not connected (${state.connection.status})`
}
// Plugin life-cycle events change no state, so render on every event as well as on state changes.
airlock.state$.subscribe(render)
airlock.events$.subscribe(render)
airlock.subscribeEvents((event) => {
  const item = document.createElement('li')
  item.textContent = `${event.type} ${JSON.stringify(event.payload)}`
  eventsView.prepend(item)
})

byId('open').addEventListener('click', () => airlock.open())
byId('close').addEventListener('click', () => airlock.close())
byId('notify').addEventListener('click', () => airlock.notify({ variant: 'success', message: 'Hello from Airlock' }))
swaps.checked = airlock.getState().options.features.swaps
swaps.addEventListener('change', () => airlock.setFeatures({ swaps: swaps.checked }))
