/**
 * `resolveOptions`: the site owner's options decoded at the boundary, checked, and completed with
 * the SPEC §9 defaults into the data-only `ResolvedOptions` that OPTIONS_INITIALIZED carries.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'
import type { PluginManifest } from '../../kernel/plugin'
import { InvalidOptionsError } from '../../kernel/errors/options'
import { REMOTE_FEATURE_KEYS, type Features, type RemoteFeatures } from '../../events/shapes/features'
import type { CaipNetwork } from '../../events/shapes/network'
import type { ResolvedOptions, ThemeVariables } from '../../events/shapes/options'
import { normalizeNetwork } from '../networks/defineChain'
import { ethereum } from '../networks/chains/ethereum'
import { AirlockOptionsInput } from './input'
import { describeDecodeError } from './report'
import { projectIdNotConfiguredAlert, type Alert } from './alerts'
import {
  DEFAULT_ACCOUNT_TYPES,
  DEFAULT_API_URLS,
  DEFAULT_CONNECTOR_TYPE_ORDER,
  DEFAULT_FEATURES,
  DEFAULT_LOCALE,
  DEFAULT_LOG_LIMIT,
  DEFAULT_THEME_MODE,
  DEFAULT_WALLET_FEATURES_ORDER,
} from './defaults'

function invalid(message: string, details?: string): InvalidOptionsError {
  return new InvalidOptionsError(message, { details })
}

/** Networks: at least one, each with a CAIP-2 id that agrees with its namespace and id; repeats dropped. */
function resolveNetworks(networks: readonly CaipNetwork[] | undefined): CaipNetwork[] {
  if (networks === undefined) return [normalizeNetwork(ethereum)]
  if (networks.length === 0) throw invalid('Invalid options: networks: expected at least one network, got an empty array')
  const seen = new Set<string>()
  const resolved: CaipNetwork[] = []
  networks.forEach((network, index) => {
    const expected = `${network.chainNamespace}:${String(network.id)}`
    if (network.caipNetworkId !== expected) {
      throw invalid(
        `Invalid options: networks[${index}].caipNetworkId: expected ${JSON.stringify(expected)} (chainNamespace:id), got ${JSON.stringify(network.caipNetworkId)}`,
      )
    }
    if (seen.has(network.caipNetworkId)) return
    seen.add(network.caipNetworkId)
    resolved.push(normalizeNetwork(network))
  })
  return resolved
}

/** The default network's CAIP-2 id; it must be one of the networks. */
function resolveDefaultNetwork(input: AirlockOptionsInput['defaultNetwork'], networks: readonly CaipNetwork[]): string | null {
  if (input === undefined) return null
  const id = typeof input === 'string' ? input : input.caipNetworkId
  if (!networks.some((n) => n.caipNetworkId === id)) {
    const listed = networks.map((n) => n.caipNetworkId).join(', ')
    throw invalid(`Invalid options: defaultNetwork: expected one of the configured networks (${listed}), got ${JSON.stringify(id)}`)
  }
  return id
}

/** The remote-controllable features the site set itself, `remoteFeatures` over `features`. */
function configuredRemote(input: AirlockOptionsInput): RemoteFeatures {
  const configured: RemoteFeatures = {}
  for (const key of REMOTE_FEATURE_KEYS) {
    const value = input.remoteFeatures?.[key] ?? input.features?.[key]
    if (value !== undefined) Object.assign(configured, { [key]: value })
  }
  return configured
}

/**
 * What plugins add to the options (issue 26 §1): their feature switches (a boolean each; their
 * defaults, the values the site set for those the config API may set, and the API's entry ids)
 * and their options, decoded with their codecs. A bad value throws as a core option does.
 */
function pluginAdditions(manifests: readonly PluginManifest<Features>[], input: object) {
  const switches: t.Props = {}
  const codecs: t.Props = {}
  const defaults: Record<string, boolean> = {}
  const remoteKeys: Record<string, string> = {}
  for (const manifest of manifests) {
    for (const [key, feature] of Object.entries(manifest.features ?? {})) {
      switches[key] = t.boolean
      defaults[key] = feature.default
      if (feature.remote !== undefined) remoteKeys[feature.remote] = key
    }
    Object.assign(codecs, manifest.options)
  }
  const decoded = t.partial({ features: t.partial(switches), ...codecs }).decode(input)
  if (!isRight(decoded)) throw invalid(`Invalid options: ${describeDecodeError(decoded.left)}`)
  const site = decoded.right as Record<string, unknown> & { features?: Record<string, boolean | undefined> }
  const configured: Record<string, boolean> = {}
  for (const key of Object.values(remoteKeys)) {
    const value = site.features?.[key]
    if (value !== undefined) configured[key] = value
  }
  const options = Object.fromEntries(Object.keys(codecs).flatMap((name) => (site[name] === undefined ? [] : [[name, site[name]]])))
  return { defaults, configured, remoteKeys, options }
}

/** Drop keys whose value is undefined: io-ts partials accept `{ email: undefined }`, which must not hide a default. */
function defined<T extends object>(value: T | undefined): Partial<T> {
  if (value === undefined) return {}
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** Drop repeats, keeping first places. */
function unique<T>(values: readonly T[]): T[] {
  return values.filter((v, i) => values.indexOf(v) === i)
}

/** `--w3m-x` theme variables map to `--al-x` when we know `x`; ours win over them. */
function resolveThemeVariables(input: AirlockOptionsInput): ThemeVariables {
  const known = new Set(['font-family', 'accent', 'color-mix', 'color-mix-strength', 'font-size-master', 'border-radius-master', 'z-index', 'qr-color'])
  const numeric = new Set(['color-mix-strength', 'z-index'])
  const mapped: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(input.w3mThemeVariables ?? {})) {
    const key = name.replace(/^--w3m-/, '')
    if (!name.startsWith('--w3m-') || !known.has(key)) continue
    // Only a value of the type our variable takes is carried over.
    if (numeric.has(key) ? typeof value === 'number' : typeof value === 'string') mapped[`--al-${key}`] = value
  }
  return { ...(mapped as ThemeVariables), ...defined(input.themeVariables) }
}

/**
 * Decode and complete the options (SPEC §3, defaults §9). A bad option throws an AirlockError of
 * category INVALID_OPTIONS whose message names the option and what was expected; a missing project
 * id does not throw but comes back as the PROJECT_ID_NOT_CONFIGURED alert (SPEC §5). `siwe` and
 * `siwx` together are refused (SPEC §4).
 *
 * ```ts
 * const { options, alerts } = resolveOptions({ projectId: 'p1', networks: [ethereum, polygon] })
 * options.features.send // true
 * resolveOptions({ themeMode: 'blue' }) // throws 'Invalid options: themeMode: expected one of "light", "dark", got "blue"'
 * ```
 */
export function resolveOptions(input: unknown, builtins: readonly PluginManifest<Features>[] = []): { options: ResolvedOptions; alerts: Alert[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalid(`Invalid options: expected an object, got ${input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input}`)
  }
  const decoded = AirlockOptionsInput.decode(input)
  if (!isRight(decoded)) throw invalid(`Invalid options: ${describeDecodeError(decoded.left)}`)
  const o = decoded.right
  const added = pluginAdditions([...builtins, ...((o.plugins ?? []) as PluginManifest<Features>[])], input)

  if (o.siwx !== undefined && o.siwe !== undefined) {
    throw invalid('Invalid options: siwe and siwx cannot both be set', 'Siwe config and siwx cannot both be set (SPEC §4); pass siwx only')
  }

  const networks = resolveNetworks(o.networks)
  const defaultNetwork = resolveDefaultNetwork(o.defaultNetwork, networks)
  const projectId = (o.projectId ?? '').trim()
  const configuredRemoteFeatures = { ...configuredRemote(o), ...added.configured }
  const collapseWallets = o.collapseWallets ?? o.features?.collapseWallets ?? DEFAULT_FEATURES.collapseWallets
  const allWallets = o.allWallets ?? 'SHOW'
  const socials = configuredRemoteFeatures.socials ?? DEFAULT_FEATURES.socials

  const features: Features = {
    ...DEFAULT_FEATURES,
    ...added.defaults,
    ...defined(o.features),
    ...configuredRemoteFeatures,
    socials: socials === false ? false : unique(socials),
    collapseWallets,
    allWallets: o.features?.allWallets ?? allWallets !== 'HIDE',
    siwx: o.siwx !== undefined,
  }

  const options: ResolvedOptions = {
    projectId,
    networks,
    defaultNetwork,
    features,
    configuredRemoteFeatures,
    defaultAccountTypes: { ...DEFAULT_ACCOUNT_TYPES, ...defined(o.defaultAccountTypes) },
    enableNetworkSwitch: o.enableNetworkSwitch ?? true,
    allowUnsupportedChain: o.allowUnsupportedChain ?? false,
    excludeWalletIds: unique(o.excludeWalletIds ?? []),
    includeWalletIds: unique(o.includeWalletIds ?? []),
    featuredWalletIds: unique(o.featuredWalletIds ?? []),
    customWallets: o.customWallets ?? [],
    enableEIP6963: o.enableEIP6963 ?? true,
    enableInjected: o.enableInjected ?? true,
    enableWalletConnect: o.enableWalletConnect ?? true,
    enableEmbedded: o.enableEmbedded ?? false,
    disableAppend: o.disableAppend ?? false,
    metadata: o.metadata ?? null,
    termsConditionsUrl: o.termsConditionsUrl ?? null,
    privacyPolicyUrl: o.privacyPolicyUrl ?? null,
    siwx: o.siwx === undefined ? null : { required: o.siwx.required ?? false },
    connectMethodsOrder: o.connectMethodsOrder === undefined ? null : unique(o.connectMethodsOrder),
    walletFeaturesOrder: o.walletFeaturesOrder === undefined ? [...DEFAULT_WALLET_FEATURES_ORDER] : unique(o.walletFeaturesOrder),
    collapseWallets,
    connectorTypeOrder: o.connectorTypeOrder === undefined ? [...DEFAULT_CONNECTOR_TYPE_ORDER] : unique(o.connectorTypeOrder),
    allWallets,
    tokens: Object.fromEntries(Object.entries(o.tokens ?? {})),
    customRpcUrls: Object.fromEntries(Object.entries(o.customRpcUrls ?? {})),
    themeMode: o.themeMode ?? DEFAULT_THEME_MODE,
    themeVariables: resolveThemeVariables(o),
    locale: o.locale ?? DEFAULT_LOCALE,
    apiUrls: { ...DEFAULT_API_URLS, ...defined(o.apiUrls), ...(o.relayUrl !== undefined ? { relay: o.relayUrl } : {}) },
    logLimit: o.logLimit ?? DEFAULT_LOG_LIMIT,
    remoteFeatureKeys: added.remoteKeys,
    pluginOptions: added.options,
  }
  return { options, alerts: projectId === '' ? [projectIdNotConfiguredAlert] : [] }
}
