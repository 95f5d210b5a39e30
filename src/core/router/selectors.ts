/** Router selectors. Each returns a value held in state (or a primitive), so references are stable. */
import type { RootState } from '../../kernel/registry'
import type { Route, RouteData } from '../../events/router'
import { canClose, currentView } from './rules'

export const selectRouter = (state: RootState) => state.router
export const selectIsOpen = (state: RootState): boolean => state.router.open
export const selectHistory = (state: RootState): readonly Route[] => state.router.history
export const selectView = (state: RootState): string => currentView(state.router)
export const selectRouteData = (state: RootState): RouteData | undefined => state.router.history[state.router.history.length - 1]?.data
export const selectCanClose = (state: RootState): boolean => canClose(state.router)
