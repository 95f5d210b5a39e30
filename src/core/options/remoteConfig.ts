/**
 * What the product makes of the config API's project configuration (SPEC §7 /appkit/v1/config,
 * read through the `config` port): the features it sets, and which local settings it overrides.
 */
import { SocialProvider, type RemoteFeatures } from '../../events/shapes/features'
import type { ConfigFeatureEntry } from '../../ports/configApi'
import { DEFAULT_SOCIALS } from './defaults'

/**
 * Map config entries to our remote features. `social` is the enabled providers in the order the
 * service lists them (unknown names dropped; the SPEC §9 default list when the service gives no
 * list), or false when disabled or when none is left. The others are their `isEnabled`, and so are
 * plugins' switches: `pluginKeys` maps their entry ids to their keys (issue 26 §1).
 *
 * ```ts
 * remoteFeaturesFrom([{ id: 'social', isEnabled: true, config: ['github', 'myspace'] }, { id: 'swap', isEnabled: false }])
 * // { socials: ['github'], swaps: false }
 * ```
 */
export function remoteFeaturesFrom(entries: readonly ConfigFeatureEntry[], pluginKeys: Readonly<Record<string, string>> = {}): RemoteFeatures {
  const features: RemoteFeatures = {}
  for (const entry of entries) {
    switch (entry.id) {
      case 'email':
        features.email = entry.isEnabled
        break
      case 'social': {
        const listed = entry.config === undefined || entry.config === null ? [...DEFAULT_SOCIALS] : entry.config.filter(SocialProvider.is)
        const unique = listed.filter((p, i) => listed.indexOf(p) === i)
        features.socials = entry.isEnabled && unique.length > 0 ? unique : false
        break
      }
      case 'swap':
        features.swaps = entry.isEnabled
        break
      case 'onramp':
        features.onramp = entry.isEnabled
        break
      case 'activity':
        features.activity = entry.isEnabled
        break
      default: {
        const key = pluginKeys[entry.id]
        if (key !== undefined) Object.assign(features, { [key]: entry.isEnabled })
      }
    }
  }
  return features
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i])
  return a === b
}

/**
 * The features the site set itself whose remote value differs: their local setting is ignored,
 * which SPEC §8 warns about. A feature the site left at its default raises nothing. The remote
 * answer holds only switches it may set, the core's and plugins'.
 *
 * ```ts
 * ignoredLocalFeatures({ email: false, swaps: true }, { email: true, swaps: true }) // ['email']
 * ```
 */
export function ignoredLocalFeatures(configured: Readonly<Record<string, unknown>>, remote: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(remote).filter((key) => configured[key] !== undefined && remote[key] !== undefined && !sameValue(configured[key], remote[key]))
}
