/**
 * `airlock`: the vanilla (React-free) entry point. Importing it touches no `window`; browser
 * globals are read only when an instance is created.
 */
export { createAirlock, type AirlockSetup } from './core/createAirlock'
export type { AirlockInstance, PublicEvent } from './core/instance'

// Plugin authoring.
export { definePlugin, type PluginManifest } from './kernel/plugin'
export { defineModule, type Module, type Effect, type Reducer } from './kernel/module'
export { defineEvent } from './events/define'
export { createEvent, isEvent, type AirlockEvent, type EventRegistry, type StateRegistry, type RootState } from './kernel/registry'
export { ofType } from './kernel/operators'
export type { Deps, StorageLike, Logger } from './kernel/deps'

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
export { PUBLIC_EVENTS, decodeEvent } from './events/catalogue'

// Data shapes.
export type { Features, SocialProvider } from './events/shapes/features'
export type { CaipNetwork } from './events/shapes/network'
export type { ChainNamespace, AccountType } from './events/shapes/namespace'

// Built-in chains (SPEC §3) and a helper for others.
export { arbitrum } from './core/networks/chains/arbitrum'
export { avalanche } from './core/networks/chains/avalanche'
export { base } from './core/networks/chains/base'
export { bsc } from './core/networks/chains/bsc'
export { ethereum } from './core/networks/chains/ethereum'
export { optimism } from './core/networks/chains/optimism'
export { polygon } from './core/networks/chains/polygon'
export { sepolia } from './core/networks/chains/sepolia'
export { solana } from './core/networks/chains/solana'
export { solanaDevnet } from './core/networks/chains/solanaDevnet'
export { solanaTestnet } from './core/networks/chains/solanaTestnet'
export { bitcoin } from './core/networks/chains/bitcoin'
export { defineChain } from './core/networks/defineChain'

// CAIP ids.
export { parseCaipNetworkId, formatCaipNetworkId } from './validation/caip2'
export { parseCaipAddress, formatCaipAddress } from './validation/caip10'
