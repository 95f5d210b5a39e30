/** The router module: the modal's open flag and view stack (SPEC §2). */
import { defineModule } from '../../kernel/module'
import { initialRouterState, type RouterState } from './state'
import { reduceRouter } from './reducer'
import { closeEventOnClose, farcasterBack } from './effects'

export const routerModule = defineModule<RouterState>({
  id: 'router',
  initialState: initialRouterState,
  reduce: (draft, event) => reduceRouter(draft, event),
  effects: { closeEventOnClose, farcasterBack },
})
