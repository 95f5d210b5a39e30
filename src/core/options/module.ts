/** The options module, id `options` (SPEC §3 options, §5, §7 provider configuration, §8 alerts). */
import { defineModule } from '../../kernel/module'
import type { PortDeps } from '../../ports/deps'
import { initialOptionsState, type OptionsState } from './state'
import { reduceOptions } from './reducer'
import { alertServerMessages, checkAllowedOrigins, loadRemoteFeatures, warnIgnoredLocalChange } from './effects'

/**
 * The always-on options module: the resolved options, the features in force (remote merged over
 * local), remote configuration status, and the SPEC §8 alerts.
 *
 * ```ts
 * createKernel({ modules: [optionsModule], deps, depsFor: (_module, d) => ({ ...d, config }) })
 * ```
 */
export const optionsModule = defineModule<OptionsState, PortDeps>({
  id: 'options',
  initialState: initialOptionsState,
  fold: (state, event) => reduceOptions(state, event),
  effects: { loadRemoteFeatures, checkAllowedOrigins, alertServerMessages, warnIgnoredLocalChange },
})
