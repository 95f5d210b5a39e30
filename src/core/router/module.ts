/** The router module: the modal's open flag and view stack (SPEC §2). */
import { defineModule } from '../../kernel/module'
import { initialRouterState, type RouterState } from './state'
import { reduceRouter } from './reducer'
import { closeEventOnClose, openOnRequest } from './effects'

/**
 * The always-on router module: the modal's open flag and view stack (SPEC §2), the transaction
 * stack (SPEC §4), and the effects that log MODAL_CLOSE, open the modal on a request and apply
 * the Farcaster rule.
 *
 * ```ts
 * createKernel({ modules: [routerModule], deps: defaultDeps() })
 * ```
 */
export const routerModule = defineModule<RouterState>({
  id: 'router',
  initialState: initialRouterState,
  fold: (state, event, root) => reduceRouter(state, event, root),
  effects: { closeEventOnClose, openOnRequest },
})
