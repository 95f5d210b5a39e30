/**
 * The plugin host. A plugin is a manifest (eager, tiny) whose `load()` imports its module (its own
 * chunk). The host loads a plugin when `enabledBy(features)` turns true and tears it down when it
 * turns false. A plugin loaded late folds the log and ends where one loaded at start would.
 */
import { combineLatest, distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs'
import type { Kernel } from './kernel'
import type { Logger } from './deps'
import type { Mixed } from 'io-ts'
import type { AnyModule } from './module'
import { createEvent, type RootState } from './registry'
import type { RequirementRegistry } from './pluginRegistries'
import { moduleError } from './kernelEvents'
import { DuplicatePluginError, PluginModuleMismatchError } from './errors/plugin'

export type RequirementName = Extract<keyof RequirementRegistry, string>

/** A feature switch a plugin adds: its default, and the config API's entry id that may set it. */
export interface PluginFeature {
  readonly default: boolean
  readonly remote?: string
}

/** A requirement's check: whether the instance meets it, read from its state. */
export type RequirementCheck = (state: RootState) => boolean

export interface PluginManifest<F = Readonly<Record<string, unknown>>> {
  /** The plugin id; its module must use the same id. */
  readonly id: string
  readonly enabledBy: (features: F) => boolean
  /** Import the plugin's module. Called once per enablement; keep it a dynamic `import()`. */
  readonly load: () => Promise<{ readonly default: AnyModule }>
  /**
   * What the plugin cannot work without, by name (`needs: ['blockchainApi']`): the core's
   * requirements (`blockchainApi`, `projectId`, `secureSite`, in `RequirementRegistry`) or one a
   * plugin declares in `requirements`. A plugin whose need is not met is not loaded at all, so no
   * tab or button offers what cannot work; a name nobody declares refuses the plugin.
   */
  readonly needs?: readonly RequirementName[]
  /**
   * Requirements this plugin declares, by name, with their check over the instance's state (its
   * resolved options are `state.options.resolved`). Any plugin may then name them in `needs`;
   * register the name in `RequirementRegistry` so a typo does not compile. The core's requirements
   * are not replaced by a declaration of the same name.
   */
  readonly requirements?: Readonly<Partial<Record<RequirementName, RequirementCheck>>>
  /**
   * Feature switches the plugin adds (their keys registered in `FeatureRegistry`), each with its
   * default and, if the config API may set it (SPEC §7 /appkit/v1/config), the `id` of its entry
   * there: `features: { signMessage: { default: true, remote: 'sign_message' } }`. The site sets
   * them as it sets the core's (`features: { signMessage: false }`, `setFeatures`); a value that is
   * not a boolean is refused with the options' message.
   */
  readonly features?: Readonly<Record<string, PluginFeature>>
  /**
   * Options the plugin adds to `createAirlock`'s (registered in `OptionRegistry`), each with its
   * io-ts codec: decoded with the site's options, a bad value refused with the options' message
   * (`Invalid options: signMessage.prefix: expected string, got 1`). The module reads them with
   * `selectPluginOption(state, name)`.
   */
  readonly options?: Readonly<Record<string, Mixed>>
  /**
   * Load only once the modal has been opened (the host's `opened$`): for plugins whose work shows
   * only in the modal (the Account tabs), so a page that never opens it loads nothing of them.
   */
  readonly deferUntilOpened?: boolean
  /**
   * The feature ports the plugin's module reads from its deps besides the core's (by their
   * `PortRegistry` names: `['embedded']`, the secure frame). The instance makes each the first time
   * a plugin naming it loads, its code fetched with that plugin's (issue 27 §1: a page whose
   * feature is off loads none of it), and shares it with every plugin naming it.
   */
  readonly ports?: readonly string[]
}

/**
 * Declare a plugin manifest.
 *
 * ```ts
 * export const swap = definePlugin({
 *   id: 'swap',
 *   enabledBy: (features) => features.swaps,
 *   load: () => import('./index'),
 * })
 * ```
 */
export function definePlugin<F>(manifest: PluginManifest<F>): PluginManifest<F> {
  return manifest
}

export interface PluginHostOptions<F = unknown> {
  /**
   * View names taken by the core (the UI's own views): a plugin that registers one of them is
   * refused, as is one that registers a view another loaded module has.
   */
  readonly reservedViews?: ReadonlySet<string>
  /** True from the first time the modal opens: deferred plugins (`deferUntilOpened`) wait for it. */
  readonly opened$?: Observable<boolean>
  /**
   * Where a refusal is said out loud (issue 26 §1): one warning naming the plugin and the reason,
   * besides its MODULE_ERROR. The instance passes its `logger` (the console by default).
   */
  readonly logger?: Pick<Logger, 'warn' | 'debug'>
  /**
   * The first of a plugin's `needs` the instance does not meet (then the plugin is not loaded, and
   * the host says so at debug level: a site's configuration, not a mistake), or undefined; it
   * throws for a need nobody declares (a refusal). The instance checks the requirements by name
   * (src/core/options/requirements.ts), loaded with the first plugin; a host without it loads
   * every plugin its features enable.
   */
  readonly unmetNeed?: (manifest: PluginManifest<F>) => Promise<string | undefined>
  /**
   * Makes the feature ports a plugin names (`ports`), fetching their code, before its module runs;
   * a failure fails the plugin's load as its chunk's would (the next enablement tries again).
   */
  readonly preparePorts?: (names: readonly string[]) => Promise<unknown>
}

export interface PluginHost {
  /** Resolves when every load started so far has finished (loaded, failed or dropped). */
  settled(): Promise<void>
  loaded(): readonly string[]
  /** Whether a load is under way (a view it may register is not known yet). */
  loading(): boolean
  destroy(): void
}

/**
 * Load and unload plugins as the features change.
 *
 * ```ts
 * const host = createPluginHost(kernel, [swap, onramp], kernel.select(selectFeatures))
 * ```
 */
export function createPluginHost<F>(
  kernel: Kernel,
  manifests: readonly PluginManifest<F>[],
  features$: Observable<F>,
  options: PluginHostOptions<F> = {},
): PluginHost {
  const pending = new Set<Promise<void>>()
  const wanted = new Set<string>()
  const loaded = new Set<string>()
  const subscriptions: Subscription[] = []
  let destroyed = false

  const ids = new Set<string>()
  for (const manifest of manifests) {
    if (ids.has(manifest.id)) throw new DuplicatePluginError({ pluginId: manifest.id })
    ids.add(manifest.id)
  }

  function fail(id: string, error: unknown): void {
    kernel.dispatch(moduleError(id, 'load', error))
    options.logger?.warn(`Airlock: plugin ${id} refused:`, error)
  }

  function enable(manifest: PluginManifest<F>): void {
    const job = (async () => {
      try {
        const unmet = await options.unmetNeed?.(manifest)
        if (unmet) return options.logger?.debug?.(`Airlock: plugin ${manifest.id} not loaded: it needs ${unmet}`)
        // The kernel runs folds; a plugin's Immer reducer gets one (withFold) in a chunk of the plugins' own.
        const [{ default: loadedModule }, { withFold }] = await Promise.all([
          manifest.load(),
          import('./foldOfReduce'),
          manifest.ports?.length && options.preparePorts?.(manifest.ports),
        ])
        const module = withFold(loadedModule)
        if (module.id !== manifest.id) throw new PluginModuleMismatchError({ pluginId: manifest.id, moduleId: module.id })
        // Checked before the module runs: a refused plugin leaves no slice and no effect behind.
        // The checks load with the first plugin, not with the page (they only serve plugin loads).
        const { contributionsOf } = await import('./contributions')
        // The feature may have been switched off while the chunks were loading.
        if (destroyed || !wanted.has(manifest.id) || loaded.has(manifest.id)) return
        const taken = new Set([...(options.reservedViews ?? []), ...kernel.modules().flatMap((m) => Object.keys(m.views ?? {}))])
        const contributions = contributionsOf(module, taken)
        kernel.addModule(module)
        loaded.add(manifest.id)
        kernel.dispatch(createEvent('PLUGIN_LOADED', { id: manifest.id, ...contributions }))
      } catch (error) {
        fail(manifest.id, error)
      }
    })()
    pending.add(job)
    void job.finally(() => pending.delete(job))
  }

  function disable(id: string): void {
    if (!loaded.has(id)) return
    kernel.removeModule(id)
    loaded.delete(id)
    kernel.dispatch(createEvent('PLUGIN_UNLOADED', { id }))
  }

  const opened$ = options.opened$
  for (const manifest of manifests) {
    let enabledBy: (features: F) => boolean = manifest.enabledBy
    // A deferred plugin sees no features (so stays off) until the modal has opened.
    const source$: Observable<F | undefined> =
      manifest.deferUntilOpened && opened$ ? combineLatest([features$, opened$]).pipe(map(([features, opened]) => (opened ? features : undefined))) : features$
    subscriptions.push(
      source$
        .pipe(
          map((features) => {
            if (features === undefined) return false
            try {
              return enabledBy(features)
            } catch (error) {
              fail(manifest.id, error)
              enabledBy = () => false
              return false
            }
          }),
          distinctUntilChanged(),
        )
        .subscribe((enabled) => {
          if (enabled) {
            wanted.add(manifest.id)
            enable(manifest)
          } else {
            wanted.delete(manifest.id)
            disable(manifest.id)
          }
        }),
    )
  }

  return {
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
    loaded: () => [...loaded],
    loading: () => pending.size > 0,
    destroy() {
      destroyed = true
      subscriptions.forEach((s) => s.unsubscribe())
      for (const id of [...loaded]) disable(id)
    },
  }
}
