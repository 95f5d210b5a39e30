/**
 * `airlock/react`: the React binding. A thin `useSyncExternalStore` over the React-free core.
 * Importing it touches no `window`, so server rendering works.
 */
export { AirlockProvider, useAirlock } from './ui/react/context'
export { useAirlockState } from './ui/react/useAirlockState'
