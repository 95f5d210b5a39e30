/**
 * `airlock/react`: the React binding. A thin `useSyncExternalStore` over the React-free core.
 * Importing it touches no `window`, so server rendering works. Works with React 18 and 19 (peer
 * dependencies): nothing here or in the modal uses an API React 18 lacks.
 */
export { AirlockProvider, useAirlock } from './ui/react/context'
export { useAirlockState } from './ui/react/useAirlockState'
export { useAccount, useNetwork, useWalletInfo, useDisconnect, useEvents, type AccountInfo, type NetworkInfo } from './ui/react/hooks'
// The headless API (issue 28 §3: Connect's entries, the pairing URI, the connect methods and
// ConnectButtonCustom, for a site's own markup) is `airlock/react/headless` (src/reactHeadless.ts).
// Its shapes stay named here too (types only, no code).
export type { HeadlessWallet, HeadlessConnectMethod, WalletConnectPairing, ConnectTarget } from './ports/headless'
export {
  ConnectButton,
  NetworkButton,
  AccountButton,
  type AirlockButtonProps,
  type AccountButtonProps,
  type ConnectButtonProps,
  type ButtonSize,
} from './ui/react/components/buttons'
export { buttonStylesheet } from './ui/theme/buttonStyles'
export { AirlockModal } from './ui/react/components/AirlockModal'
// The types the hooks return, for a site that imports only this entry point.
export type { AirlockInstance, PublicEvent, PublicEventOf } from './ports/instance'
export type { RootState } from './kernel/registry'
export type { ConnectedWalletInfo } from './events/account'
export type { ConnectedWallet } from './core/connection/walletsSelectors'
export type { CaipNetwork } from './events/shapes/network'
export type { ChainNamespace, ConnectionStatus } from './events/shapes/namespace'

// For plugins' views: the one way to act, and the plugin's strings (also in `airlock/plugin`, with
// the modal's styled building blocks).
export { useCommands, type Commands, type CoreCommands } from './ui/react/useCommands'
export { useModuleStrings } from './ui/react/useModuleStrings'
