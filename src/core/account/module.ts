/** The account module, id `account` (SPEC §3 account state, §4). */
import { defineModule } from '../../kernel/module'
import { initialAccountSliceState, type AccountSliceState } from './state'
import { reduceAccount } from './reducer'

/**
 * The always-on account module: one account record per namespace, the preferred account types
 * and the active namespace. Commands in `commands.ts` build its events.
 *
 * ```ts
 * createKernel({ modules: [accountModule], deps: defaultDeps() })
 * ```
 */
export const accountModule = defineModule<AccountSliceState>({
  id: 'account',
  initialState: initialAccountSliceState,
  fold: (state, event) => reduceAccount(state, event),
})
