/** Feature switches (SPEC §3 features and remoteFeatures; defaults in SPEC §9 and src/core/options). */
import * as t from 'io-ts'
import type { FeatureRegistry } from '../../kernel/pluginRegistries'

import { SocialProvider } from './socialProvider'

export { SOCIAL_PROVIDERS, SocialProvider } from './socialProvider'

export const ConnectMethod = t.keyof({ wallet: null, email: null, social: null }, 'ConnectMethod')
export type ConnectMethod = t.TypeOf<typeof ConnectMethod>

export const WalletFeature = t.keyof({ onramp: null, swaps: null, receive: null, send: null }, 'WalletFeature')
export type WalletFeature = t.TypeOf<typeof WalletFeature>

export const Features = t.type(
  {
    email: t.boolean,
    /** false, or the enabled social providers in display order. */
    socials: t.union([t.literal(false), t.array(SocialProvider)]),
    swaps: t.boolean,
    onramp: t.boolean,
    activity: t.boolean,
    receive: t.boolean,
    send: t.boolean,
    analytics: t.boolean,
    allWallets: t.boolean,
    legalCheckbox: t.boolean,
    smartSessions: t.boolean,
    collapseWallets: t.boolean,
    pay: t.boolean,
    /** Name-service registration (eip155). */
    names: t.boolean,
    /** Sign in with the wallet; on when the site passes a `siwx` config. */
    siwx: t.boolean,
  },
  'Features',
)
/** The core's switches, and those plugins add (`FeatureRegistry`, optional: a plugin not installed adds none). */
export type Features = t.TypeOf<typeof Features> & Partial<FeatureRegistry>

/** The features remote configuration may set (SPEC §3 remoteFeatures), in SPEC order. */
export const REMOTE_FEATURE_KEYS = ['email', 'socials', 'swaps', 'onramp', 'activity'] as const
export type RemoteFeatureKey = (typeof REMOTE_FEATURE_KEYS)[number]

/** The features remote configuration may set (SPEC §3 remoteFeatures). */
export const RemoteFeatures = t.partial(
  {
    email: t.boolean,
    socials: t.union([t.literal(false), t.array(SocialProvider)]),
    swaps: t.boolean,
    onramp: t.boolean,
    activity: t.boolean,
  },
  'RemoteFeatures',
)
export type RemoteFeatures = t.TypeOf<typeof RemoteFeatures>
