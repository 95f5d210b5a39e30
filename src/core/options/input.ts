/**
 * The public options object of SPEC §3 as an io-ts codec, decoded at the boundary by
 * `resolveOptions`. Every field is optional here: defaults (SPEC §9) are applied after decoding,
 * and a missing project id is an alert, not an error (SPEC §5). Functions (siwx callbacks, plugin
 * loaders, adapters) are only checked for being there; they never enter the state tree.
 */
import * as t from 'io-ts'
import { CaipNetwork } from '../../events/shapes/network'
import { CaipNetworkIdCodec, parseCaipNetworkId } from '../../validation/caip2'
import { ConnectMethod, Features, RemoteFeatures, WalletFeature } from '../../events/shapes/features'
import { AllWalletsMode, ConnectorOrderEntry, Metadata, ThemeMode, ThemeVariables } from '../../events/shapes/options'
import { WalletEntry } from '../../events/shapes/wallet'

/** A function, checked only for being one. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- any callable passes here; its own module types its call.
const FunctionValue = new t.Type<Function, Function, unknown>(
  'a function',
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  (input): input is Function => typeof input === 'function',
  (input, context) => (typeof input === 'function' ? t.success(input) : t.failure(input, context)),
  t.identity,
)

/** A string that parses as a URL with one of `protocols`. */
function urlOf(name: string, protocols: readonly string[]): t.Type<string, string, unknown> {
  const is = (input: unknown): input is string => {
    if (typeof input !== 'string') return false
    try {
      return protocols.includes(new URL(input).protocol)
    } catch {
      return false
    }
  }
  return new t.Type<string, string, unknown>(name, is, (input, context) => (is(input) ? t.success(input) : t.failure(input, context)), t.identity)
}

/** A relay URL: ws: or wss: only. */
const RelayUrl = urlOf('a ws: or wss: URL', ['ws:', 'wss:'])

/** An absolute URL (http, https, ws or wss), for the remote ports of SPEC §7. */
const AbsoluteUrl = urlOf('an absolute URL', ['http:', 'https:', 'ws:', 'wss:'])

/**
 * A record keyed by CAIP-2 network id (`tokens`, `customRpcUrls`). io-ts drops keys that fail a
 * record's domain without a word; a mistyped network id must fail loudly instead.
 */
function recordByNetworkId<C extends t.Mixed>(codomain: C, name: string) {
  const base = t.record(t.string, codomain)
  return new t.Type<Record<string, t.TypeOf<C>>, Record<string, t.OutputOf<C>>, unknown>(
    name,
    (input): input is Record<string, t.TypeOf<C>> => base.is(input) && Object.keys(input).every((k) => parseCaipNetworkId(k).ok),
    (input, context) => {
      if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
        for (const key of Object.keys(input)) {
          const parsed = parseCaipNetworkId(key)
          if (!parsed.ok) return t.failure(key, [...context, { key, type: CaipNetworkIdCodec, actual: key }], parsed.error)
        }
      }
      return base.validate(input, context)
    },
    base.encode,
  )
}

/**
 * The analytics option (issue 24 §3): the public events, in batches, to the site's own server
 * (`airlock-server`), and whether an account's hash may be sent (src/airlock/analyticsOption.ts);
 * the SDK's errors to the same server unless `errors: false` (SPEC §7 error report).
 */
const AnalyticsInput = t.intersection(
  [t.type({ url: urlOf('an http or https URL', ['http:', 'https:']) }), t.partial({ includeAddresses: t.boolean, errors: t.boolean })],
  'AnalyticsOption',
)

/** A positive whole number (the log limit). */
const PositiveInteger = t.refinement(t.number, (n) => Number.isInteger(n) && n > 0, 'a positive whole number')

/** SPEC §9 account types by namespace: eip155 eoa or smartAccount, bip122 payment, ordinal or stx. */
const DefaultAccountTypesInput = t.partial(
  {
    eip155: t.keyof({ eoa: null, smartAccount: null }),
    solana: t.keyof({ eoa: null }),
    bip122: t.keyof({ payment: null, ordinal: null, stx: null }),
    polkadot: t.keyof({ eoa: null }),
    cosmos: t.keyof({ eoa: null }),
  },
  'DefaultAccountTypes',
)

/** The local feature switches; `siwx` is not among them (it follows the `siwx` config). */
const { siwx: _siwx, ...localFeatureProps } = Features.props
const FeaturesInput = t.partial(localFeatureProps, 'Features')

/** A plugin manifest (src/kernel/plugin.ts): an id and two functions. */
const PluginManifestInput = t.type({ id: t.string, enabledBy: FunctionValue, load: FunctionValue }, 'PluginManifest')

/** The sign-in config: an object (its callbacks are the siwx plugin's concern) with `required`. */
const SiwxInput = t.intersection([t.UnknownRecord, t.partial({ required: t.boolean })], 'SiwxConfig')

/** `w3mThemeVariables` of SPEC §3: the industry's `--w3m-*` names, mapped to ours when known. */
const LegacyThemeVariables = t.record(t.string, t.union([t.string, t.number]), 'ThemeVariables')

/**
 * The options object (SPEC §3). The fields' notes are here, not beside them: the library build
 * keeps a comment inside an object, in the first load.
 * - `defaultNetwork`: a configured network, or its CAIP-2 id.
 * - `siwe`: the industry's older sign-in config; only checked against `siwx` (SPEC §4).
 * - `relayUrl`: the relay-protocol relay (WalletConnect). Default: the WalletConnect network's
 *   public relay, which the project id authorises; `services/relay` is a local one for development.
 * - `adapters`: chain adapters; their own module checks them.
 * - A plugin's options and feature switches (issue 26 §1) are decoded after these, with the
 *   codecs its manifest declares (`resolveOptions`).
 */
export const AirlockOptionsInput = t.partial(
  {
    projectId: t.string,
    networks: t.array(CaipNetwork, 'Array<CaipNetwork>'),
    defaultNetwork: t.union([CaipNetworkIdCodec, CaipNetwork], 'CaipNetwork or CAIP-2 id'),
    features: FeaturesInput,
    remoteFeatures: RemoteFeatures,
    defaultAccountTypes: DefaultAccountTypesInput,
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
    metadata: Metadata,
    termsConditionsUrl: t.string,
    privacyPolicyUrl: t.string,
    siwx: SiwxInput,
    siwe: t.unknown,
    connectMethodsOrder: t.array(ConnectMethod),
    walletFeaturesOrder: t.array(WalletFeature),
    collapseWallets: t.boolean,
    connectorTypeOrder: t.array(ConnectorOrderEntry),
    allWallets: AllWalletsMode,
    tokens: recordByNetworkId(t.type({ address: t.string }), 'Record<CaipNetworkId, { address }>'),
    customRpcUrls: recordByNetworkId(t.array(t.type({ url: AbsoluteUrl })), 'Record<CaipNetworkId, Array<{ url }>>'),
    themeMode: ThemeMode,
    themeVariables: ThemeVariables,
    w3mThemeVariables: LegacyThemeVariables,
    locale: t.string,
    apiUrls: t.partial({ config: AbsoluteUrl, blockchain: AbsoluteUrl, rpc: AbsoluteUrl, relay: AbsoluteUrl, secureSite: AbsoluteUrl }),
    relayUrl: RelayUrl,
    logLimit: PositiveInteger,
    analytics: AnalyticsInput,
    plugins: t.array(PluginManifestInput),
    adapters: t.array(t.unknown),
  },
  'AirlockOptions',
)
export type AirlockOptionsInput = t.TypeOf<typeof AirlockOptionsInput>
