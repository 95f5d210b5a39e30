/**
 * The options reducer: features merged from local and remote configuration (SPEC §3, §7), alerts
 * (SPEC §8). A plain fold (the module's `fold`, no Immer draft: issue 27 §1): new objects along
 * what changed, the same reference when nothing did.
 */
import { patch } from '../../kernel/patch'
import type { AirlockEvent } from '../../kernel/registry'
import { REMOTE_FEATURE_KEYS, type Features, type RemoteFeatureKey, type RemoteFeatures } from '../../events/shapes/features'
import type { OptionsState } from './state'

type S = OptionsState

/** How many alerts the slice keeps; older ones drop off. */
export const MAX_ALERTS = 20

/**
 * The features in force: every remote value that is set wins over the local one (SPEC §7).
 *
 * ```ts
 * mergeFeatures(local, { swaps: false }).swaps // false, whatever local says
 * mergeFeatures(local, null) === local // true
 * ```
 */
export function mergeFeatures(local: Features, remote: RemoteFeatures | null): Features {
  if (remote === null) return local
  const merged: Features = { ...local }
  // What the answer sets: the core's switches it may set, and plugins' (issue 26 §1).
  for (const [key, value] of Object.entries(remote)) if (value !== undefined) Object.assign(merged, { [key]: value })
  return merged
}

function sameFeature(a: Features[keyof Features], b: Features[keyof Features]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i])
  return a === b
}

/**
 * `current` with the values of `next` that differ (arrays by their items): the same object when
 * none does, so an unchanged merge keeps the reference.
 */
function withChanged<T extends object>(current: T, next: Readonly<Record<string, unknown>>): T {
  let changed: Record<string, unknown> | undefined
  for (const [key, value] of Object.entries(next)) {
    if (!sameFeature(current[key as keyof T] as Features[keyof Features], value as Features[keyof Features])) (changed ??= {})[key] = value
  }
  return changed === undefined ? current : { ...current, ...changed }
}

/** A switch the config API may set: the core's, or a plugin's that names an entry there. */
function isRemoteKey(key: string, state: S): key is RemoteFeatureKey {
  return (REMOTE_FEATURE_KEYS as readonly string[]).includes(key) || Object.values(state.resolved?.remoteFeatureKeys ?? {}).includes(key)
}

/**
 * Fold one event into the options slice. Pure; an event it does not handle, or one that changes
 * nothing, leaves the slice untouched (same reference).
 *
 * ```ts
 * reduceOptions(state, createEvent('REMOTE_FEATURES_LOADED', { features: { swaps: false } })).features.swaps // false
 * ```
 */
export function reduceOptions(state: S, event: AirlockEvent): S {
  switch (event.type) {
    case 'OPTIONS_INITIALIZED': {
      const { options } = event.payload
      return {
        ...state,
        resolved: options,
        localFeatures: options.features,
        configuredRemoteFeatures: options.configuredRemoteFeatures,
        remoteFeatures: null,
        features: options.features,
        // The effect asks remote configuration only with a project id (SPEC §5, §7) and a config API.
        remoteStatus: options.projectId === '' || options.apiUrls.config === null ? 'idle' : 'loading',
      }
    }
    case 'REMOTE_FEATURES_LOADED': {
      const { features } = event.payload
      return {
        ...state,
        remoteFeatures: { ...features },
        remoteStatus: 'loaded',
        features: withChanged(state.features, mergeFeatures(state.localFeatures, features)),
      }
    }
    case 'REMOTE_FEATURES_FAILED':
      // The local features stay in force (SPEC §7).
      return patch(state, { remoteStatus: 'failed' })
    case 'LOCAL_FEATURES_CHANGED': {
      const local: Record<string, unknown> = {}
      const remote: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(event.payload.features)) {
        if (value === undefined || key === 'siwx') continue
        local[key] = value
        if (isRemoteKey(key, state)) remote[key] = value
      }
      const localFeatures = withChanged(state.localFeatures, local)
      const configuredRemoteFeatures = withChanged(state.configuredRemoteFeatures, remote)
      const features = withChanged(state.features, mergeFeatures(localFeatures, state.remoteFeatures))
      return patch(state, { localFeatures, configuredRemoteFeatures, features })
    }
    case 'ALERT_RAISED': {
      const alert = event.payload
      const { alerts } = state
      if (alerts.some((a) => a.code === alert.code && a.longMessage === alert.longMessage)) return state
      return { ...state, alerts: [...alerts, { ...alert }].slice(-MAX_ALERTS) }
    }
    case 'THEME_CHANGED': {
      const { resolved } = state
      if (resolved === null) return state
      const { themeMode, themeVariables, locale } = event.payload
      let next = themeMode === undefined ? resolved : patch(resolved, { themeMode })
      if (locale !== undefined) next = patch(next, { locale })
      const variables = Object.fromEntries(Object.entries(themeVariables ?? {}).filter(([, value]) => value !== undefined))
      next = patch(next, { themeVariables: patch(next.themeVariables, variables) })
      return patch(state, { resolved: next })
    }
    default:
      return state
  }
}
