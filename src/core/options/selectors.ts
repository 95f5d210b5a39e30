/**
 * Selectors over the options slice. Each returns a value held in state or a primitive, so the same
 * state gives the same reference and `useSyncExternalStore` does not loop.
 */
import type { RootState } from '../../kernel/registry'
import type { OptionRegistry } from '../../kernel/pluginRegistries'
import { REMOTE_FEATURE_KEYS, type Features } from '../../events/shapes/features'
import type { ResolvedOptions, ThemeMode } from '../../events/shapes/options'
import type { Alert } from './alerts'
import type { OptionsState, RemoteStatus } from './state'

/** The options slice. `selectOptions(state).remoteStatus` */
export function selectOptions(state: RootState): OptionsState {
  return state.options
}

/**
 * The features in force (remote merged over local). The reference changes only when a switch
 * does, so the plugin host and hooks react to real changes only.
 *
 * ```ts
 * kernel.select(selectFeatures).subscribe((f) => f.swaps)
 * ```
 */
export function selectFeatures(state: RootState): Features {
  return state.options.features
}

/**
 * The features a remote answer could leave at worst: every switch it controls (SPEC §3
 * remoteFeatures) off. The plugin host loads a plugin these leave off only after the answer, so no
 * chunk is fetched for a feature the answer turns off; and so are plugins' switches it may set
 * (`pluginKeys`, issue 26 §1). `withRemoteOff(features).swaps // false`
 */
export function withRemoteOff(features: Features, pluginKeys: readonly string[] = []): Features {
  return { ...features, ...Object.fromEntries([...REMOTE_FEATURE_KEYS, ...pluginKeys].map((key) => [key, false])) }
}

/** The resolved options, or null before OPTIONS_INITIALIZED. `selectResolvedOptions(state)?.locale` */
export function selectResolvedOptions(state: RootState): ResolvedOptions | null {
  return state.options.resolved
}

/**
 * A plugin's option (`OptionRegistry`, issue 26 §1) as the site set it and the plugin's codec
 * decoded it, or undefined when the site set none. `selectPluginOption(state, 'signMessage')?.prefix`
 */
export function selectPluginOption<K extends keyof OptionRegistry & string>(state: RootState, name: K): OptionRegistry[K] | undefined {
  return state.options.resolved?.pluginOptions[name] as OptionRegistry[K] | undefined
}

/** SPEC §8 alerts raised so far, oldest first. `selectAlerts(state).at(-1)?.shortMessage` */
export function selectAlerts(state: RootState): readonly Alert[] {
  return state.options.alerts
}

/** The project id, or null when there is none (SPEC §5). `selectProjectId(state) // 'p1'` */
export function selectProjectId(state: RootState): string | null {
  const projectId = state.options.resolved?.projectId
  return projectId === undefined || projectId === '' ? null : projectId
}

/** Whether remote configuration is idle, loading, loaded or failed. `selectRemoteStatus(state) // 'loaded'` */
export function selectRemoteStatus(state: RootState): RemoteStatus {
  return state.options.remoteStatus
}

/** The theme mode, light until options say otherwise. `selectThemeMode(state) // 'dark'` */
export function selectThemeMode(state: RootState): ThemeMode {
  return state.options.resolved?.themeMode ?? 'light'
}
