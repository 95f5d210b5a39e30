/**
 * Router selectors. Each returns a value held in state (or a primitive), so the same state gives
 * the same reference and `useSyncExternalStore` does not loop.
 */
import type { RootState } from '../../kernel/registry'
import type { Route, RouteData } from '../../events/router'
import type { RouterState } from './state'
import { canClose, currentView, viewOwner } from './rules'
import { isRight } from '../../kernel/either'
import { WalletEntry } from '../../events/shapes/wallet'

/** The router slice. `selectRouter(state).transactionStack` */
export const selectRouter = (state: RootState): RouterState => state.router

/** Whether the modal is open. `selectIsOpen(state) // true` */
export const selectIsOpen = (state: RootState): boolean => state.router.open

/** The view stack, oldest first. `selectHistory(state).map((r) => r.view) // ['Connect', 'AllWallets']` */
export const selectHistory = (state: RootState): readonly Route[] => state.router.history

/** The current view. `selectView(state) // 'Connect'` */
export const selectView = (state: RootState): string => currentView(state.router)

/** What the current view was given, or undefined. `selectRouteData(state)?.connectorId // 'injected'` */
export const selectRouteData = (state: RootState): RouteData | undefined => state.router.history[state.router.history.length - 1]?.data

/** The loaded plugin whose view is current, or undefined for a core view. `selectViewOwner(state) // 'send'` */
export const selectViewOwner = (state: RootState): string | undefined => viewOwner(state.router, currentView(state.router))
/** How many views the stack holds (the back button shows from two). `selectDepth(state) // 2` */
export const selectDepth = (state: RootState): number => state.router.history.length
/** Whether the close button works (SPEC §2). `selectCanClose(state) // false on SIWXSignMessage without a required session` */
export const selectCanClose = (state: RootState): boolean => canClose(state.router)

/** The pending transaction-stack entries, oldest first (SPEC §4). `selectTransactionStack(state).length // 1` */
export const selectTransactionStack = (state: RootState): RouterState['transactionStack'] => state.router.transactionStack

/**
 * The catalog wallet a route carries (`ConnectingWalletConnect` takes one), decoded: route data is
 * whatever was pushed, so anything else is no wallet.
 */
export function routeWallet(data: RouteData | undefined): WalletEntry | undefined {
  const wallet = typeof data === 'object' && data !== null ? (data as { wallet?: unknown }).wallet : undefined
  const decoded = WalletEntry.decode(wallet)
  return isRight(decoded) ? decoded.right : undefined
}
