/**
 * `airlock/react`: the React binding. A thin `useSyncExternalStore` over the React-free core.
 * Importing it touches no `window`, so server rendering works.
 */
export { AirlockProvider, useAirlock } from './ui/react/context'
export { useAirlockState } from './ui/react/useAirlockState'
export { useAccount, useNetwork, useWalletInfo, useDisconnect, useEvents, type AccountInfo, type NetworkInfo } from './ui/react/hooks'
export { ConnectButton, NetworkButton, AccountButton } from './ui/react/components/buttons'
export { AirlockModal } from './ui/react/components/AirlockModal'

// For plugins' views: the one way to act, and the plugin's strings.
export { useCommands, type Commands, type CoreCommands } from './ui/react/useCommands'
export { useModuleStrings } from './ui/react/useModuleStrings'
