/**
 * A plugin's Immer `reduce` made the plain `fold` the kernel runs (issue 27 §1). The kernel runs
 * only folds, so the page's first load carries no Immer: every core module is a fold, and a
 * plugin's reducer (written against an Immer draft, as the SDK documents) becomes one here, in a
 * chunk that loads with the first plugin. The plugin SDK's `defineModule` does it when the plugin
 * is defined; the plugin host does it for a module made without it.
 */
import { defineModule as defineCoreModule, type AnyModule } from './module'
import { reduceLazily } from './lazyDraft'

/**
 * `module` with a `fold` that runs its `reduce` on an Immer draft (`reduceLazily`: no draft for an
 * event the reducer ignores); the module itself when it has a fold already or no reducer.
 *
 * ```ts
 * withFold({ id: 'counter', initialState: { count: 0 }, reduce(draft) { draft.count += 1 } }).fold
 * ```
 */
export function withFold<M extends AnyModule>(module: M): M {
  const { reduce, fold } = module
  if (!reduce || fold) return module
  return {
    ...module,
    fold: (slice: unknown, event: Parameters<typeof reduce>[1], root: Parameters<typeof reduce>[2]) => reduceLazily(slice, reduce, event, root),
  }
}

/**
 * The plugin SDK's `defineModule` (`airlock/plugin`): the kernel's (see there, the same checks
 * and types), with the module's Immer `reduce` also given as the `fold` the kernel runs.
 *
 * ```ts
 * export default defineModule({
 *   id: 'counter',
 *   initialState: { count: 0 },
 *   reduce(draft, event) { if (event.type === 'COUNTER_INCREMENTED') draft.count += 1 },
 * })
 * ```
 */
export const defineModule: typeof defineCoreModule = (module) => withFold(defineCoreModule(module))
