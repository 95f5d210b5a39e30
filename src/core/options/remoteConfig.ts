/**
 * The config API's project configuration (SPEC §7): `GET /appkit/v1/config`, which the product
 * reads `features` of, and `GET /projects/v1/origins`, which it reads `allowedOrigins` of.
 *
 * Our reference response for `/appkit/v1/config` (the local reference service serves it):
 *
 * ```json
 * { "features": [
 *     { "id": "email", "isEnabled": true },
 *     { "id": "social", "isEnabled": true, "config": ["google", "github"] },
 *     { "id": "swap", "isEnabled": false },
 *     { "id": "onramp", "isEnabled": true, "config": null },
 *     { "id": "activity", "isEnabled": true } ] }
 * ```
 *
 * An entry whose id we do not know is skipped, so the service can add features without breaking
 * older clients; an entry we know with a wrong shape fails the whole answer.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'
import { REMOTE_FEATURE_KEYS, SocialProvider, type RemoteFeatureKey, type RemoteFeatures } from '../../events/shapes/features'
import { buildUrl } from '../../remote/url'
import { DEFAULT_SDK_VERSION, SDK_TYPE } from '../../remote/sdk'
import { DEFAULT_SOCIALS } from './defaults'

export const RemoteFeatureId = t.keyof({ email: null, social: null, swap: null, onramp: null, activity: null }, 'RemoteFeatureId')
export type RemoteFeatureId = t.TypeOf<typeof RemoteFeatureId>

/** One entry of `features`; `config` lists providers (socials for `social`). */
export const RemoteFeatureEntry = t.intersection(
  [t.type({ id: RemoteFeatureId, isEnabled: t.boolean }), t.partial({ config: t.union([t.array(t.string), t.null]) })],
  'RemoteFeatureEntry',
)
export type RemoteFeatureEntry = t.TypeOf<typeof RemoteFeatureEntry>

/** The answer of `/appkit/v1/config` as first decoded: entries are checked one by one after. */
export const RemoteConfigResponse = t.type({ features: t.array(t.type({ id: t.string })) }, 'RemoteConfigResponse')

/** The answer of `/projects/v1/origins`. */
export const AllowedOriginsResponse = t.type({ allowedOrigins: t.array(t.string) }, 'AllowedOriginsResponse')

/**
 * Decode the entries of a config answer: unknown ids are skipped, known ones must be well formed.
 *
 * ```ts
 * decodeRemoteEntries([{ id: 'email', isEnabled: false }, { id: 'branding', isEnabled: true }])
 * // { ok: true, entries: [{ id: 'email', isEnabled: false }] }
 * ```
 */
export function decodeRemoteEntries(features: readonly { readonly id: string }[]): { ok: true; entries: RemoteFeatureEntry[] } | { ok: false; error: string } {
  const entries: RemoteFeatureEntry[] = []
  for (const raw of features) {
    if (!RemoteFeatureId.is(raw.id)) continue
    const decoded = RemoteFeatureEntry.decode(raw)
    if (!isRight(decoded)) return { ok: false, error: `Remote feature "${raw.id}" is not of the expected shape` }
    entries.push(decoded.right)
  }
  return { ok: true, entries }
}

/**
 * Map config entries to our remote features. `social` is the enabled providers in the order the
 * service lists them (unknown names dropped; the SPEC §9 default list when the service gives no
 * list), or false when disabled or when none is left. The others are their `isEnabled`.
 *
 * ```ts
 * remoteFeaturesFrom([{ id: 'social', isEnabled: true, config: ['github', 'myspace'] }, { id: 'swap', isEnabled: false }])
 * // { socials: ['github'], swaps: false }
 * ```
 */
export function remoteFeaturesFrom(entries: readonly RemoteFeatureEntry[]): RemoteFeatures {
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
 * which SPEC §8 warns about. A feature the site left at its default raises nothing.
 *
 * ```ts
 * ignoredLocalFeatures({ email: false, swaps: true }, { email: true, swaps: true }) // ['email']
 * ```
 */
export function ignoredLocalFeatures(configured: RemoteFeatures, remote: RemoteFeatures): RemoteFeatureKey[] {
  return REMOTE_FEATURE_KEYS.filter((key) => configured[key] !== undefined && remote[key] !== undefined && !sameValue(configured[key], remote[key]))
}

/** The query every config-API call carries (SPEC §7: projectId, st, sv). */
function sdkQuery(projectId: string) {
  return { projectId, st: SDK_TYPE, sv: DEFAULT_SDK_VERSION }
}

/**
 * The URL of the project configuration.
 *
 * ```ts
 * remoteConfigUrl('http://127.0.0.1:4001', 'p1') // 'http://127.0.0.1:4001/appkit/v1/config?projectId=p1&st=airlock&sv=…'
 * ```
 */
export function remoteConfigUrl(configBase: string, projectId: string): string {
  return buildUrl(configBase, '/appkit/v1/config', sdkQuery(projectId))
}

/**
 * The URL of the project's allowed origins.
 *
 * ```ts
 * allowedOriginsUrl('http://127.0.0.1:4001', 'p1') // 'http://127.0.0.1:4001/projects/v1/origins?projectId=p1&st=airlock&sv=…'
 * ```
 */
export function allowedOriginsUrl(configBase: string, projectId: string): string {
  return buildUrl(configBase, '/projects/v1/origins', sdkQuery(projectId))
}
