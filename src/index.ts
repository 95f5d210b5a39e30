/**
 * `airlock`: the vanilla (React-free) entry point. Importing it touches no `window`; browser
 * globals are read only when an instance is created. Every type of the public surface is
 * exported here (types cost nothing at run time), so a site or a plugin can name what it holds.
 */
import type { AirlockInstance } from './ports/instance'
import type { PaymentRequest, PaymentResult } from './airlock/pay'
export { createAirlock, type AirlockSetup } from './airlock/createAirlock'
export type { AirlockInstance, PublicEvent, PublicEventOf } from './ports/instance'
/** Ask the visitor for a payment (`features.pay`): src/airlock/pay.ts, a chunk fetched on the first call. */
export const pay = (airlock: AirlockInstance, request: PaymentRequest): Promise<PaymentResult> => import('./airlock/pay').then((m) => m.pay(airlock, request))
export type { PaymentRequest, PaymentResult } from './airlock/pay'

// Options (SPEC §3): what createAirlock accepts, and what `state.options` holds after defaults.
export type { AirlockOptions, OptionValue } from './core/options/airlockOptions'
export type { ResolvedOptions, Metadata, ThemeMode, ThemeVariables, AllWalletsMode, ConnectorOrderEntry } from './events/shapes/options'
export type { Features, RemoteFeatures, RemoteFeatureKey, SocialProvider, ConnectMethod, WalletFeature } from './events/shapes/features'
export type { WalletEntry } from './events/shapes/wallet'
export type { Alert, AlertCode } from './core/options/alerts'

// What the instance's methods take and give.
export type { RouteData } from './events/router'
export type { NotificationVariant } from './events/notification'
export type { WalletProvider } from './chains/adapter'

// Plugin authoring.
export { definePlugin, type PluginManifest, type PluginFeature, type RequirementName, type RequirementCheck } from './kernel/plugin'
export {
  defineModule,
  type Module,
  type AnyModule,
  type ModuleContributions,
  type Effect,
  type Reducer,
  type Command,
  type CommandFn,
  type ViewLoader,
  type StringsTable,
  type StringsLoader,
  type ModuleStrings,
  type AccountActionSpec,
  type AccountTabSpec,
  type ConnectMethodSpec,
  type ConnectorSpec,
} from './kernel/module'
export type { NotificationText } from './events/notification'
export { defineEvent } from './events/define'
export { createEvent, isEvent } from './kernel/registry'
// The registries a plugin joins by `declare module 'airlock' { interface EventRegistry { … } }`
// (EventRegistry, StateRegistry, PublicEventRegistry, ViewRegistry, CommandRegistry, RequirementRegistry, FeatureRegistry, OptionRegistry and the types
// read from them). Re-exported with `export type *` (through `export { type EventRegistry }` an
// augmentation merged into a copy) and augmented here once (empty): TypeScript merges an
// augmentation made through an entry into the registry the entry's exports held when first read,
// so each registry's own module must have been augmented, naming it, before a plugin's is merged.
// These are, for any file that imports the package; the package's declarations augment the
// registries' modules, never an entry (scripts/declarations.mjs, tests/package/registries.test.ts).
export type * from './kernel/registry'
export type * from './events/views'
export type * from './core/contributions/commands'
export type * from './kernel/pluginRegistries'
export type * from './events/alertCodes'
/* eslint-disable @typescript-eslint/no-empty-object-type */
declare module './kernel/registry' {
  interface EventRegistry {}
  interface StateRegistry {}
  interface PublicEventRegistry {}
}
declare module './events/views' {
  interface ViewRegistry {}
}
declare module './core/contributions/commands' {
  interface CommandRegistry {}
}
declare module './kernel/pluginRegistries' {
  interface RequirementRegistry {}
  interface FeatureRegistry {}
  interface OptionRegistry {}
}
declare module './events/alertCodes' {
  interface AlertCodeRegistry {}
}
/* eslint-enable @typescript-eslint/no-empty-object-type */
export { ofType } from './kernel/operators'
export type { Deps, StorageLike, Logger } from './kernel/deps'
export type { ConfigApi } from './ports/configApi'

// The state tree's core slices (`getState().router`, …).
export type { AccountSliceState, AccountState, PreferredAccountTypes } from './core/account/state'
export type { ConnectionState, Connection } from './core/connection/state'
export type { ConnectorsState, MergedConnector } from './core/connectors/state'
export type { Connector, ConnectorType } from './events/shapes/connector'
export type { NetworksState, NetworkState, NamespaceRecord } from './core/networks/state'
export type { NotificationsState } from './core/notifications/state'
export type { OptionsState, RemoteStatus } from './core/options/state'
export type { RouterState } from './core/router/state'
export type { StorageState } from './core/storage/state'
export type { WalletCatalogState, WalletCatalogConfig } from './core/walletCatalog/state'
export type { ConnectedWalletInfo } from './events/account'

// What effects receive (DESIGN "Plugins"): type a module's effects with `defineModule<State, PortDeps>`.
export type { PortDeps, OpenWindow } from './ports/deps'
export type { WalletAccess, WalletConnection, WalletRequest, TransactionRequest, WalletCapabilities } from './ports/wallet'
export type {
  BlockchainApi,
  ApiCallOptions,
  Balances,
  TokenBalance,
  Identity,
  TransactionHistory,
  TransactionItem,
  NameProfile,
  ApiRequest,
  ApiQuery,
} from './ports/blockchainApi'
export type { ScopedStore } from './ports/store'

// Errors: every error the library throws or rejects with is one of these (SPEC §8).
export { AirlockError, ErrorCategory, type AirlockErrorOptions, type ErrorParameters } from './kernel/errors'
export { ProviderErrorCode, JsonRpcErrorCode, ChainErrorCode, WalletCallErrorCode } from './kernel/errors/codes'
export { NetworkNotFoundError, ChainAdapterNotFoundError, AdapterNotFoundError, ConnectorNotFoundError } from './kernel/errors/lookup'
export { HttpStatusError, HttpRequestError, TimeoutError, RequestAbortedError } from './kernel/errors/http'
export { RpcRequestError } from './kernel/errors/rpc'
export {
  ProviderRpcError,
  UserRejectedRequestError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  ProviderDisconnectedError,
  ChainDisconnectedError,
  SwitchChainError,
  UnknownRpcError,
  WalletAnswerError,
} from './kernel/errors/provider'
export { DisconnectFailedError, ConnectionFailedError, NoApprovedAccountError, PairingUriMissingError } from './kernel/errors/connection'
export { InvalidOptionsError } from './kernel/errors/options'
export { DuplicateModuleError, DuplicatePluginError, PluginModuleMismatchError } from './kernel/errors/plugin'
export { ChainRequiredError } from './kernel/errors/account'

// Selectors for vanilla sites (the React hooks use the same).
export { selectActiveNetwork } from './core/networks/selectors'
export { selectActiveAccount } from './core/account/selectors'

// The event catalogue, for analytics consumers and for decoding events that cross a boundary.
export { PUBLIC_EVENTS, decodeEvent, moduleEventCodecs, type DecodedEvent } from './events/catalogue'
// The built-in plugins' public events (types only): naming their files brings the declarations that
// put them in `PublicEvent` into a site's program, so narrowing on their `type` compiles there too.
export type { SendSuccess, SendError } from './plugins/send/events'
export type { SwapSuccess, SwapError } from './plugins/swap/events'
export type { OnrampWidgetOpened } from './plugins/onramp/events'
export type { RegisterNameInitiated, RegisterNameSuccess, RegisterNameError } from './plugins/names/events'
export type { SiwxAuthSuccess, SiwxAuthError } from './plugins/siwx/events'

// Chains: data shapes, the built-in chains (SPEC §3, §9 supported chains) and a helper for others.
export type { CaipNetwork, NativeCurrency } from './events/shapes/network'
export type { ChainNamespace, AccountType, ConnectionStatus } from './events/shapes/namespace'
export { defineChain, type ChainDefinition } from './core/networks/defineChain'
export { arbitrum } from './core/networks/chains/arbitrum'
export { aurora } from './core/networks/chains/aurora'
export { avalanche } from './core/networks/chains/avalanche'
export { base } from './core/networks/chains/base'
export { bsc } from './core/networks/chains/bsc'
export { celo } from './core/networks/chains/celo'
export { ethereum } from './core/networks/chains/ethereum'
export { gnosis } from './core/networks/chains/gnosis'
export { optimism } from './core/networks/chains/optimism'
export { polygon } from './core/networks/chains/polygon'
export { sepolia } from './core/networks/chains/sepolia'
export { zksync } from './core/networks/chains/zksync'
export { solana } from './core/networks/chains/solana'
export { solanaDevnet } from './core/networks/chains/solanaDevnet'
export { solanaTestnet } from './core/networks/chains/solanaTestnet'
export { bitcoin } from './core/networks/chains/bitcoin'

// CAIP ids.
export { parseCaipNetworkId, formatCaipNetworkId, type CaipNetworkId, type CaipNetworkIdParts } from './validation/caip2'
export { parseCaipAddress, formatCaipAddress, type CaipAddress, type CaipAddressParts } from './validation/caip10'
export type { Result } from './validation/result'

// Sign in with a wallet (SPEC §3 options.siwx): the config's shape and a ready-made one over the sessions service.
export { createSessionsSiwx, type SessionsSiwxOptions } from './airlock/sessionsSiwx'
export type { SiwxConfig, SiwxSession, SiwxSessionData, SiwxNonceInput } from './ports/siwx'
