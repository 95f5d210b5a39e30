/** Options, features and alerts (SPEC §3, §5, §8). */
import * as t from 'io-ts'
import { defineEvent } from './define'
import { ResolvedOptions } from './shapes/options'
import { Features, RemoteFeatures } from './shapes/features'

/** The site owner's options, validated and with defaults, at start. */
export const OptionsInitialized = defineEvent('OPTIONS_INITIALIZED', t.type({ options: ResolvedOptions }))
export type OptionsInitialized = t.TypeOf<typeof OptionsInitialized>

/** Remote configuration arrived; its features are merged over the local ones. */
export const RemoteFeaturesLoaded = defineEvent('REMOTE_FEATURES_LOADED', t.type({ features: RemoteFeatures }))
export type RemoteFeaturesLoaded = t.TypeOf<typeof RemoteFeaturesLoaded>

/** Remote configuration could not be fetched; the local features are kept. */
export const RemoteFeaturesFailed = defineEvent('REMOTE_FEATURES_FAILED', t.type({ message: t.string }))
export type RemoteFeaturesFailed = t.TypeOf<typeof RemoteFeaturesFailed>

export const AlertSeverity = t.keyof({ error: null, warning: null, info: null }, 'AlertSeverity')

/** One of the alerts of SPEC §8, by code, with its short and long message. */
export const AlertRaised = defineEvent('ALERT_RAISED', t.type({ code: t.string, shortMessage: t.string, longMessage: t.string, severity: AlertSeverity }))
export type AlertRaised = t.TypeOf<typeof AlertRaised>

/** The site changed theme, or the locale (`setLocale`), at run time. */
export const ThemeChanged = defineEvent(
  'THEME_CHANGED',
  t.partial({ themeMode: ResolvedOptions.props.themeMode, themeVariables: ResolvedOptions.props.themeVariables, locale: t.string }),
)
export type ThemeChanged = t.TypeOf<typeof ThemeChanged>

/**
 * The site changed its local feature switches at run time (`instance.setFeatures`). They are
 * local configuration like the options: remote configuration, once fetched, still wins on the
 * features it sets (SPEC §8 warns that the local setting is then ignored). `siwx` follows the
 * siwx config and is not changed here.
 */
export const LocalFeaturesChanged = defineEvent('LOCAL_FEATURES_CHANGED', t.type({ features: t.partial(Features.props) }))
export type LocalFeaturesChanged = t.TypeOf<typeof LocalFeaturesChanged>

export const optionsEvents = {
  OPTIONS_INITIALIZED: OptionsInitialized,
  REMOTE_FEATURES_LOADED: RemoteFeaturesLoaded,
  REMOTE_FEATURES_FAILED: RemoteFeaturesFailed,
  ALERT_RAISED: AlertRaised,
  THEME_CHANGED: ThemeChanged,
  LOCAL_FEATURES_CHANGED: LocalFeaturesChanged,
} as const
