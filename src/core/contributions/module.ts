/** The contributions module, id `contributions`. */
import { defineModule } from '../../kernel/module'
import { initialContributionsState, type ContributionsState } from './state'
import { reduceContributions } from './reducer'
import { reportUnknownViews } from './viewNotFound'
import { coreCommands } from './coreCommands'

/**
 * Keeps what the loaded plugins contribute (from PLUGIN_LOADED), reports navigations to views no
 * module registers, and offers the core's commands to the views (`useCommands()`).
 *
 * ```ts
 * createKernel({ modules: [routerModule, contributionsModule], deps: defaultDeps() })
 * ```
 */
export const contributionsModule = defineModule<ContributionsState>({
  id: 'contributions',
  initialState: initialContributionsState,
  fold: (state, event) => reduceContributions(state, event),
  effects: { reportUnknownViews },
  commands: coreCommands,
})
