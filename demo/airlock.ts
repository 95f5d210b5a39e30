/**
 * The demo's Airlock instance, as a site creates it, for both demo pages (viem's and wagmi's): the
 * local chains of `npm start` (its /env.json), the Demo Wallet announced in each configured
 * namespace, and the options from the query parameters — the panel's choices (./choices) and the
 * page's own switches (`?namespaces`, `?config`, `?blockchain`, `?frame`, `?siwx`, `?example`,
 * `?accountType`, `?projectId`, `?legal`).
 */
import { createAirlock, createSessionsSiwx, defineChain, ethereum, polygon, type AirlockInstance, type CaipNetwork } from 'airlock'
import { announceDemoWallet } from './demoWallet'
import { signMessagePlugin } from '../examples/sign-message-plugin/manifest'
import type { DemoEnv } from './env'
import { themeVariablesOf, type Choices } from './choices'
import { strings } from './strings'

/** The bip122 CAIP-2 reference of regtest: its genesis block hash's first 32 characters. */
const REGTEST_REFERENCE = '0f9188f13cb7b2c71f2a335e3a4fc328'

export interface DemoAirlock {
  readonly airlock: AirlockInstance
  /** The site's EVM networks (none on a page without eip155). */
  readonly evmNetworks: readonly CaipNetwork[]
}

export async function createDemoAirlock(env: DemoEnv, params: URLSearchParams, choices: Choices): Promise<DemoAirlock> {
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
    // Swaps (the demo's API serves them on its first chain), names (eip155) and buy crypto (the local
    // on-ramp) on unless `?swaps=0`, `?names=0`, `?onramp=0`; the panel's other switches likewise.
    // Pay with an exchange (off by default) on unless `?pay=0`: the Pay card asks for a payment.
    // SPEC §9's legal checkbox (off by default): `?legal=checkbox` makes the wallets wait for the visitor's tick.
    features: { ...choices.features, pay: params.get('pay') !== '0', legalCheckbox: params.get('legal') === 'checkbox' },
    ...(choices.connectMethodsOrder && { connectMethodsOrder: [...choices.connectMethodsOrder] }),
    ...(choices.walletFeaturesOrder && { walletFeaturesOrder: [...choices.walletFeaturesOrder] }),
    // The embedded wallet starts on its EOA: the v0.7 simple account has no ERC-1271, so only the
    // EOA's signatures verify anywhere. Wallet settings switches to the smart account; `?accountType=smartAccount` starts there.
    defaultAccountTypes: { eip155: params.get('accountType') === 'smartAccount' ? 'smartAccount' : 'eoa' },
    metadata: { name: strings.title, description: strings.siteDescription, url: location.origin, icons: [] },
    // The site's legal pages (issue 28 §4), served beside the demo: linked under Connect; `?legal=none` leaves them out.
    ...(params.get('legal') === 'none'
      ? {}
      : { termsConditionsUrl: new URL('terms.html', location.href).href, privacyPolicyUrl: new URL('privacy.html', location.href).href }),
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
    themeMode: choices.themeMode,
    themeVariables: themeVariablesOf(choices),
    locale: choices.locale,
    // `?example` loads the example plugin (its Account action and view), as a site would add one.
    plugins: params.has('example') ? [signMessagePlugin] : [],
    // Sign in with a wallet against the local sessions service: `?siwx=1` asks after connecting,
    // `?siwx=required` too and Cancel disconnects. Off by default.
    ...((params.get('siwx') === '1' || params.get('siwx') === 'required') && env.sessionsUrl
      ? { siwx: createSessionsSiwx({ url: env.sessionsUrl, required: params.get('siwx') === 'required', statement: strings.siwxStatement }) }
      : {}),
  })
  return { airlock, evmNetworks: namespaces.has('eip155') ? evmNetworks : [] }
}
