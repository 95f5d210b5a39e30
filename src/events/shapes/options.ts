/**
 * The site owner's options after validation and defaults (SPEC §3, defaults §9): the data part
 * only. Functions (siwx callbacks, plugins, custom providers) stay outside the state tree.
 */
import * as t from 'io-ts'
import { CaipNetwork } from './network'
import { AccountType, ChainNamespace } from './namespace'
import { ConnectMethod, Features, RemoteFeatures, WalletFeature } from './features'
import { WalletEntry } from './wallet'

export const ConnectorOrderEntry = t.keyof(
  { walletConnect: null, recent: null, injected: null, featured: null, custom: null, external: null, recommended: null },
  'ConnectorOrderEntry',
)
export type ConnectorOrderEntry = t.TypeOf<typeof ConnectorOrderEntry>

export const Metadata = t.type({ name: t.string, description: t.string, url: t.string, icons: t.array(t.string) }, 'Metadata')
export type Metadata = t.TypeOf<typeof Metadata>

export const ThemeMode = t.keyof({ light: null, dark: null }, 'ThemeMode')
export type ThemeMode = t.TypeOf<typeof ThemeMode>

export const ThemeVariables = t.partial(
  {
    '--al-font-family': t.string,
    '--al-accent': t.string,
    '--al-color-mix': t.string,
    '--al-color-mix-strength': t.number,
    '--al-font-size-master': t.string,
    '--al-border-radius-master': t.string,
    '--al-z-index': t.number,
    '--al-qr-color': t.string,
  },
  'ThemeVariables',
)
export type ThemeVariables = t.TypeOf<typeof ThemeVariables>

export const AllWalletsMode = t.keyof({ SHOW: null, HIDE: null, ONLY_MOBILE: null }, 'AllWalletsMode')
export type AllWalletsMode = t.TypeOf<typeof AllWalletsMode>

/**
 * The options with their defaults, data only (OPTIONS_INITIALIZED). The fields' notes are here, not
 * beside them: the library build keeps a comment inside an object, in the first load.
 * - `configuredRemoteFeatures`: the remote-controllable features the site set itself (the others in
 *   `features` are defaults). A remote answer that differs from one of these raises the SPEC §8
 *   warning that the local configuration is ignored; a default overridden remotely raises nothing.
 * - `siwx`: whether sign-in is configured, and whether it is required (the functions stay outside).
 * - `apiUrls`: base URLs of the remote ports (SPEC §7); null where the site set none (no vendor
 *   host is assumed). The relay defaults to the WalletConnect network's.
 * - `remoteFeatureKeys` (issue 26 §1): the config API's entry ids of plugins' feature switches,
 *   each to its feature's key.
 * - `pluginOptions` (issue 26 §1): the options plugins add (`OptionRegistry`), decoded with their
 *   codecs, by name.
 */
export const ResolvedOptions = t.type(
  {
    projectId: t.string,
    networks: t.array(CaipNetwork),
    defaultNetwork: t.union([t.string, t.null]),
    features: Features,
    configuredRemoteFeatures: RemoteFeatures,
    defaultAccountTypes: t.record(ChainNamespace, AccountType),
    enableNetworkSwitch: t.boolean,
    allowUnsupportedChain: t.boolean,
    excludeWalletIds: t.array(t.string),
    includeWalletIds: t.array(t.string),
    featuredWalletIds: t.array(t.string),
    customWallets: t.array(WalletEntry),
    enableEIP6963: t.boolean,
    enableInjected: t.boolean,
    enableWalletConnect: t.boolean,
    enableEmbedded: t.boolean,
    disableAppend: t.boolean,
    metadata: t.union([Metadata, t.null]),
    termsConditionsUrl: t.union([t.string, t.null]),
    privacyPolicyUrl: t.union([t.string, t.null]),
    siwx: t.union([t.type({ required: t.boolean }), t.null]),
    connectMethodsOrder: t.union([t.array(ConnectMethod), t.null]),
    walletFeaturesOrder: t.array(WalletFeature),
    collapseWallets: t.boolean,
    connectorTypeOrder: t.array(ConnectorOrderEntry),
    allWallets: AllWalletsMode,
    tokens: t.record(t.string, t.type({ address: t.string })),
    customRpcUrls: t.record(t.string, t.array(t.type({ url: t.string }))),
    themeMode: ThemeMode,
    themeVariables: ThemeVariables,
    locale: t.string,
    apiUrls: t.type({
      config: t.union([t.string, t.null]),
      blockchain: t.union([t.string, t.null]),
      rpc: t.union([t.string, t.null]),
      relay: t.string,
      secureSite: t.union([t.string, t.null]),
    }),
    logLimit: t.number,
    remoteFeatureKeys: t.record(t.string, t.string),
    pluginOptions: t.UnknownRecord,
  },
  'ResolvedOptions',
)
export type ResolvedOptions = t.TypeOf<typeof ResolvedOptions>
