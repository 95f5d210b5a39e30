/** SPEC §9 defaults of the options, in one place. */
import type { Features, SocialProvider, WalletFeature } from '../../events/shapes/features'
import type { AccountType, ChainNamespace } from '../../events/shapes/namespace'
import type { ConnectorOrderEntry, ResolvedOptions } from '../../events/shapes/options'

/** SPEC §9 default socials, in display order. */
export const DEFAULT_SOCIALS: readonly SocialProvider[] = Object.freeze(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])

/**
 * SPEC §9 default features. On: receive, send, analytics, allWallets; off: legalCheckbox,
 * smartSessions, collapseWallets, pay. SPEC §9 does not say for email, socials, swaps, onramp,
 * activity and names: they default on (socials with the default list), because they are the
 * product's listed capabilities (SPEC §1) and remote configuration may still switch them off.
 * `siwx` is on only when a `siwx` config is passed.
 */
export const DEFAULT_FEATURES: Features = Object.freeze({
  email: true,
  socials: [...DEFAULT_SOCIALS],
  swaps: true,
  onramp: true,
  activity: true,
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  names: true,
  siwx: false,
})

/**
 * The features before any options arrive: all off, so that no plugin loads on defaults the site
 * may be about to switch off.
 */
export const NO_FEATURES: Features = Object.freeze({
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  activity: false,
  receive: false,
  send: false,
  analytics: false,
  allWallets: false,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  names: false,
  siwx: false,
})

/** SPEC §9 wallet feature order. */
export const DEFAULT_WALLET_FEATURES_ORDER: readonly WalletFeature[] = Object.freeze(['onramp', 'swaps', 'receive', 'send'])

/** SPEC §9 connector type order. */
export const DEFAULT_CONNECTOR_TYPE_ORDER: readonly ConnectorOrderEntry[] = Object.freeze([
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
])

/** SPEC §9 default account types; cosmos, which §9 leaves out, is an EOA like polkadot. */
export const DEFAULT_ACCOUNT_TYPES: Readonly<Record<ChainNamespace, AccountType>> = Object.freeze({
  eip155: 'smartAccount',
  solana: 'eoa',
  bip122: 'payment',
  polkadot: 'eoa',
  cosmos: 'eoa',
})

/**
 * The remote ports (SPEC §7) a site has not pointed anywhere. None defaults to a vendor's host: a
 * site chooses where its visitors' requests go. Without a config API the bundled wallet catalog and
 * the local options serve, and no remote features, origins or analytics config are fetched;
 * without an rpc host each network is read through its own `rpcUrls` (or `customRpcUrls`); without
 * a Blockchain API or secure site, what needs one says so. The relay stays the WalletConnect
 * network's, which phones reach; it is contacted only when a visitor picks WalletConnect.
 */
export const DEFAULT_API_URLS: ResolvedOptions['apiUrls'] = Object.freeze({
  config: null,
  blockchain: null,
  rpc: null,
  relay: 'wss://relay.walletconnect.org',
  secureSite: null,
})

export const DEFAULT_LOCALE = 'en'
// Issue 27 §1 (memory): the log keeps 500 to 1,000 events (a connect/disconnect is 21, an
// open/close 2), older ones folded into its snapshot; 10,000 kept every event of a long session
// (about 170 B each) in the heap.
export const DEFAULT_LOG_LIMIT = 1_000
export const DEFAULT_THEME_MODE = 'light'
