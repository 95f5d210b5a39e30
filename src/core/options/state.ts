/** The options slice: resolved options, local and remote features and their merge, alerts. */
import type { Features, RemoteFeatures } from '../../events/shapes/features'
import type { ResolvedOptions } from '../../events/shapes/options'
import type { Alert } from './alerts'
import { NO_FEATURES } from './defaults'

export type RemoteStatus = 'idle' | 'loading' | 'loaded' | 'failed'

export interface OptionsState {
  /** The site's options with defaults, or null before OPTIONS_INITIALIZED. */
  readonly resolved: ResolvedOptions | null
  /** The features the site configured (options, then run-time changes), before remote configuration. */
  readonly localFeatures: Features
  /** The remote-controllable features the site set itself: what the ignored-setting warning compares. */
  readonly configuredRemoteFeatures: RemoteFeatures
  /** What remote configuration set, or null until it is fetched. */
  readonly remoteFeatures: RemoteFeatures | null
  /** The features in force: remote merged over local. */
  readonly features: Features
  /** Remote configuration: not asked (no project id), being fetched, fetched, or failed. */
  readonly remoteStatus: RemoteStatus
  /** SPEC §8 alerts raised so far, oldest first, each code and message once. */
  readonly alerts: readonly Alert[]
}

export const initialOptionsState: OptionsState = {
  resolved: null,
  localFeatures: NO_FEATURES,
  configuredRemoteFeatures: {},
  remoteFeatures: null,
  features: NO_FEATURES,
  remoteStatus: 'idle',
  alerts: [],
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    options: OptionsState
  }
}
