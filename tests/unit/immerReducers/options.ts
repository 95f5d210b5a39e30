/**
 * The options module's Immer reducer as it was before its plain fold (issue 27 §1, src/core/options/reducer.ts):
 * kept as tests/unit/lazyDraftCore.test.ts's reference, which checks the fold against it event by event.
 */
import { castDraft, current, isDraft, type Draft } from 'immer'
import type { AirlockEvent } from '../../../src/kernel/registry'
import { REMOTE_FEATURE_KEYS, type Features, type RemoteFeatureKey, type RemoteFeatures } from '../../../src/events/shapes/features'
import type { OptionsState } from '../../../src/core/options/state'

type OptionsDraft = Draft<OptionsState>

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

/** Write into the draft only the switches that change, so an unchanged merge keeps the reference. */
function writeFeatures(draft: Draft<Features>, next: Features): void {
  for (const key of Object.keys(next) as (keyof Features)[]) {
    const value = next[key]
    if (!sameFeature(draft[key], value)) Object.assign(draft, { [key]: Array.isArray(value) ? [...value] : value })
  }
}

function plain<T>(value: T): T {
  return isDraft(value) ? (current(value as Draft<T>) as T) : value
}

/** A switch the config API may set: the core's, or a plugin's that names an entry there. */
function isRemoteKey(key: string, draft: OptionsDraft): key is RemoteFeatureKey {
  return (REMOTE_FEATURE_KEYS as readonly string[]).includes(key) || Object.values(draft.resolved?.remoteFeatureKeys ?? {}).includes(key)
}

/**
 * Fold one event into the options slice. Pure; an event it does not handle, or one that changes
 * nothing, leaves the slice untouched (same reference).
 *
 * ```ts
 * produce(state, (d) => reduceOptions(d, createEvent('REMOTE_FEATURES_LOADED', { features: { swaps: false } })))
 * ```
 */
export function reduceOptions(draft: OptionsDraft, event: AirlockEvent): void {
  switch (event.type) {
    case 'OPTIONS_INITIALIZED': {
      const { options } = event.payload
      draft.resolved = castDraft(options)
      // Copies: Immer wants no object at two places in the tree.
      draft.localFeatures = castDraft({ ...options.features })
      draft.configuredRemoteFeatures = castDraft({ ...options.configuredRemoteFeatures })
      draft.remoteFeatures = null
      draft.features = castDraft({ ...options.features })
      // The effect asks remote configuration only with a project id (SPEC §5, §7) and a config API.
      draft.remoteStatus = options.projectId === '' || options.apiUrls.config === null ? 'idle' : 'loading'
      return
    }
    case 'REMOTE_FEATURES_LOADED': {
      const { features } = event.payload
      draft.remoteFeatures = castDraft({ ...features })
      draft.remoteStatus = 'loaded'
      writeFeatures(draft.features, mergeFeatures(plain(draft.localFeatures), features))
      return
    }
    case 'REMOTE_FEATURES_FAILED':
      // The local features stay in force (SPEC §7).
      draft.remoteStatus = 'failed'
      return
    case 'LOCAL_FEATURES_CHANGED': {
      for (const [key, value] of Object.entries(event.payload.features)) {
        if (value === undefined || key === 'siwx') continue
        if (!sameFeature(draft.localFeatures[key as keyof Features], value)) {
          Object.assign(draft.localFeatures, { [key]: Array.isArray(value) ? [...value] : value })
        }
        if (isRemoteKey(key, draft) && !sameFeature(draft.configuredRemoteFeatures[key] as Features[keyof Features], value)) {
          Object.assign(draft.configuredRemoteFeatures, { [key]: Array.isArray(value) ? [...value] : value })
        }
      }
      writeFeatures(draft.features, mergeFeatures(plain(draft.localFeatures), plain(draft.remoteFeatures)))
      return
    }
    case 'ALERT_RAISED': {
      const alert = event.payload
      if (draft.alerts.some((a) => a.code === alert.code && a.longMessage === alert.longMessage)) return
      draft.alerts.push({ ...alert })
      if (draft.alerts.length > MAX_ALERTS) draft.alerts.splice(0, draft.alerts.length - MAX_ALERTS)
      return
    }
    case 'THEME_CHANGED': {
      const resolved = draft.resolved
      if (resolved === null) return
      const { themeMode, themeVariables, locale } = event.payload
      if (themeMode !== undefined) resolved.themeMode = themeMode
      if (locale !== undefined) resolved.locale = locale
      for (const [name, value] of Object.entries(themeVariables ?? {})) {
        if (value !== undefined) Object.assign(resolved.themeVariables, { [name]: value })
      }
      return
    }
    default:
      return
  }
}
