/**
 * `airlock/plugin`: what a plugin's views import besides `airlock` and `airlock/react` — the one way
 * to act, the plugin's strings, and the modal's styled building blocks (their CSS is in the modal's
 * stylesheet; docs/buttons.md). An entry of its own so that a page that uses no plugin of its own
 * loads none of it: the built-in plugins' views reach the same blocks from their lazy chunks.
 */
export { useCommands, type Commands, type CoreCommands } from './ui/react/useCommands'
export { useModuleStrings } from './ui/react/useModuleStrings'
export { useLocale } from './ui/components/useStrings'
/** Time on the instance's clock and scheduler (a test's virtual time): `useNow(30_000)` re-renders with the time every 30 s; `useTime()` waits on it. */
export { useNow, useTime } from './ui/components/useTime'
export { formatAmount, formatFiat, formatExactAmount, formatTransactionAmount, type FormatNumberOptions } from './format/number'
export { Button, type ButtonProps } from './ui/components/primitives/Button'
export { TextInput, Select, type TextInputProps, type SelectProps } from './ui/components/primitives/Field'
export { List, Row, ChoiceList, ChoiceRow, type RowProps } from './ui/components/primitives/List'
export { Facts, Fact } from './ui/components/primitives/Facts'
export { Amount } from './ui/components/primitives/Amount'
export { Section } from './ui/components/primitives/Section'
export { TokenIcon } from './ui/components/primitives/TokenIcon'

// Defining a plugin and its module (issue 26 §1: the SDK is all a plugin imports).
export { definePlugin, type PluginManifest, type PluginFeature, type RequirementName, type RequirementCheck } from './kernel/plugin'
/** A plugin's own option (`OptionRegistry`) as the site set it: `selectPluginOption(state, 'signMessage')`. */
export { selectPluginOption } from './core/options/selectors'
export { type Effect, type Command, type Reducer } from './kernel/module'
/** A plugin's module: its Immer `reduce` also given as the `fold` the kernel runs (out of the page's first load). */
export { defineModule } from './kernel/foldOfReduce'
/** Effects whose code is a chunk of its own, fetched at the first event that needs them. */
export { lazyEffects } from './kernel/lazyEffects'
/** An effect that keeps a slice's values in the module's own storage keys (its `storage`), and restores them when it loads. */
export { persistSlice } from './ports/persist'
export type { PortDeps } from './ports/deps'
export type { Features } from './events/shapes/features'
export type { RootState } from './kernel/registry'
export type { CaipNetwork } from './events/shapes/network'
export type { ChainNamespace } from './events/shapes/namespace'

// The registries a plugin joins by augmenting airlock/plugin (its events, state slice, views,
// commands, public events, requirements, feature switches and options): `declare module 'airlock/plugin' { interface EventRegistry { … } }`.
// Re-exported and augmented here as in src/index.ts (see there): the merge does not depend on the
// order TypeScript reads the files in.
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

// Events: a plugin's own are io-ts codecs (`defineEvent`), listed in its module's `events`.
export { defineEvent, NoPayload } from './events/define'
/** A plugin's events declared once: its codecs, its registry entries (`EventsOf`, `PublicEventsOf`) and its public list. */
export { defineEvents, type EventsDefinition, type EventsOf, type PublicEventsOf, type EventCodec } from './events/defineEvents'
export { createEvent, type AirlockEvent, type EventOf } from './kernel/registry'
export { ofType } from './kernel/operators'
/** `isRight(codec.decode(x))`: whether an io-ts decode succeeded. */
export { isRight } from './kernel/either'
// The shapes of account data the core and the Blockchain API share (codecs and their types).
export { TokenBalance } from './events/account'
export { TransactionItem } from './events/shapes/transaction'
export { Nft } from './events/shapes/nft'

// Errors: throw an `AirlockError` with a category; `errorMessage` reads any thrown value.
export { AirlockError, ErrorCategory, errorMessage } from './kernel/errors'
export { UserRejectedRequestError } from './kernel/errors/provider'
/** The SPEC §8 alert a server's message maps to (ALERT_RAISED's payload), or undefined: `alertForServerMessage(message, location.origin)`. */
export { alertForServerMessage } from './core/options/alerts'
/** What a wallet or chain error means ('rejected', 'funds', 'gas', …), for a view's words. */
export { chainFailure, failureMessage, type ChainFailure } from './format/chainFailure'

// The ports a plugin's effects receive in `deps` (PortDeps): their types.
/** `api.request({ method, path, query, body, codec }, { signal })`: a feature's own Blockchain API paths (docs/plugins.md "Calling the Blockchain API"). */
export type { BlockchainApi, ApiCallOptions, ApiQuery, ApiRequest, NameProfile } from './ports/blockchainApi'
export type { WalletAccess, WalletConnection, TransactionRequest, TransferRequest } from './ports/wallet'
/** The SIWX port's sessions: `SiwxSessions` decodes a site's `getSessions` answer. */
export { SiwxSessions, type SiwxSession, type SiwxSessionData } from './ports/siwxSession'

// Reading the state: the hook and the core's selectors.
export { useAirlockState } from './ui/react/useAirlockState'
export { selectActiveAccount, selectPreferredAccountType, withoutZeroDecimals } from './core/account/selectors'
/** The account connected on the active namespace, if the feature's namespaces list it: `selectConnectedAccount(state, ['eip155'])?.caipAddress`. */
export { selectConnectedAccount, type ConnectedAccount } from './core/account/connectedAccount'
/** The networks the Blockchain API serves, read once per instance: `await assertServed(api, 'eip155:1')` before asking it. */
export { servedNetworks, assertServed } from './core/accountData/served'
/** The instance's account-data service (balances, history, purchases, NFTs, identity: one cache, docs/plugins.md "Account data"). */
export { accountData, fromRead, ACCOUNT_DATA_STALE_MS, BALANCE_BLOCK_MS, type AccountData, type AccountResource } from './core/accountData/service'
export { touches, type Invalidation, type ReadOptions } from './core/accountData/cache'
export { connectedBalances, type ConnectedBalances } from './core/accountData/connectedBalances'
/** TRANSACTION_SETTLED: a transaction settled; it invalidates what it touched (run `invalidateOnSettled` where account data is shown). */
export { TransactionSettled, transactionSettled, invalidateOnSettled, settledInvalidation, type SettledKind } from './core/accountData/settled'
export { selectActiveNetwork, selectNetworks, selectIsActiveNetworkSupported, namespaceNetwork, selectIsSmartAccountEnabled } from './core/networks/selectors'
export { selectView, selectHistory } from './core/router/selectors'
export { selectCurrentAccountTab } from './core/account/tabSelectors'
/** The connector id of the embedded wallet (email and social sign-in), as `state.connectors` names it. */
export { AUTH_CONNECTOR_ID as EMBEDDED_WALLET_CONNECTOR_ID } from './embedded/connector'

// Moving in the modal: commands (a command reads the state and returns events).
export { openModal, closeModal, replaceView, goBackToIndex, pushView, goBack } from './core/router/commands'

// Showing: the modal's components a view may use beside the building blocks above.
export { QrCode } from './ui/components/QrCode'
export { NetworkIcon } from './ui/components/NetworkIcon'
export { shortAddress } from './ui/components/shortAddress'
/** A remote image's URL if a view may show it in `<img src>` (data:, https:, the site's API), else undefined: draw a placeholder. */
export { useRemoteImage } from './ui/react/useRemoteImage'
/** In a virtualised list's row: its image URL, or undefined while the list scrolls and the image was not shown before (draw the placeholder). */
export { imageAfterScroll } from './ui/react/imageAfterScroll'
/** A virtualised list's scroll observer (useVirtualizer's observeElementOffset): scrolling until `scrollend` and 150 ms without a scroll event. */
export { observeListScroll } from './ui/react/observeListScroll'

// Amounts as exact decimal strings: parse, round, convert from base units, compute.
export { parseDecimal, decimalToString, type Decimal, type DecimalInput } from './format/decimal'
export { roundHalfUp, formatUnitsRounded, BIG_NUMBER_DECIMALS } from './format/bigNumber'
export { multiplyDecimals, divideDecimals, compareDecimals } from './format/decimalArithmetic'
/** Whether an address is well formed for a namespace (EIP-55 checksum, base58, bech32). */
export { isAddressFor } from './validation/address'
/** The sign-in message (CAIP-122: EIP-4361 and its Solana and Bitcoin forms), written and read. */
export { formatSiwxMessage, parseSiwxMessage, type SiwxMessageData } from './format/siwxMessage'
