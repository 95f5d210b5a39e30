// A project's remote features (SPEC §3 remoteFeatures: email, socials, swaps, onramp, activity)
// as the console accepts them and the config API answers them (/appkit/v1/config `features`). What
// is accepted is what the modal decodes and uses (src/remote/config/codecs.ts ConfigFeatureEntry,
// src/core/options/remoteConfig.ts): `{ id, isEnabled }`, with `config` only where the modal reads
// one: `social` lists its providers in order (SPEC's known ids, each once; an empty list turns
// socials off in the modal), and `onramp` keeps `config: null` as the defaults answer it.
import * as t from 'io-ts'
import { isRight } from 'fp-ts/lib/Either.js'
import { DEFAULT_FEATURES } from '../../services/config/query.mjs'

/** SPEC's social providers (src/events/shapes/socialProvider.ts SOCIAL_PROVIDERS). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster']
/** The remote features, in the order the config API answers them. */
export const FEATURE_IDS = DEFAULT_FEATURES.map((f) => f.id)

const Provider = t.keyof(Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, null])))
const Providers = t.refinement(t.array(Provider), (list) => new Set(list).size === list.length, 'Providers')
const Switch = (id) => t.exact(t.intersection([t.type({ id: t.literal(id), isEnabled: t.boolean }), t.partial({ config: t.null })]))
const Entry = t.union([
  Switch('email'),
  Switch('swap'),
  Switch('activity'),
  Switch('onramp'),
  t.exact(t.intersection([t.type({ id: t.literal('social'), isEnabled: t.boolean }), t.partial({ config: t.union([Providers, t.null]) })])),
])

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The entries of a `features` body, each checked; `{ error }` names the first bad one.
 *
 * ```js
 * readFeatures([{ id: 'swap', isEnabled: false }]) // { entries: [{ id: 'swap', isEnabled: false }] }
 * readFeatures([{ id: 'social', isEnabled: true, config: ['myspace'] }]) // { error: 'features[0]: …' }
 * ```
 */
export function readFeatures(value) {
  if (!Array.isArray(value) || value.length > FEATURE_IDS.length) return { error: `features must be a list of at most ${FEATURE_IDS.length} entries` }
  const seen = new Set()
  const entries = []
  for (const [i, raw] of value.entries()) {
    const at = `features[${i}]`
    if (!isObject(raw) || !FEATURE_IDS.includes(raw.id)) return { error: `${at}.id must be one of ${FEATURE_IDS.join(', ')}` }
    if (seen.has(raw.id)) return { error: `${at}: ${raw.id} is listed twice` }
    seen.add(raw.id)
    const extra = Object.keys(raw).find((key) => !['id', 'isEnabled', 'config'].includes(key))
    if (extra !== undefined) return { error: `${at}: unknown field ${JSON.stringify(extra.slice(0, 40))}` }
    if (typeof raw.isEnabled !== 'boolean') return { error: `${at}.isEnabled must be true or false` }
    const decoded = Entry.decode(raw)
    if (!isRight(decoded))
      return {
        error:
          raw.id === 'social'
            ? `${at}.config must be null or a list of distinct providers of ${SOCIAL_PROVIDERS.join(', ')}`
            : `${at}.config must be absent or null`,
      }
    entries.push(decoded.right)
  }
  return { entries }
}

/**
 * The features after `entries` change `current` (a stored list, or null for the defaults): each
 * feature named is replaced, the others kept; the answer always lists the five, in order, `social`
 * with its explicit providers (the defaults' when null) and `onramp` with `config: null`.
 */
export function mergeFeatures(current, entries) {
  const byId = new Map(DEFAULT_FEATURES.map((f) => [f.id, f]))
  for (const f of Array.isArray(current) ? current : []) if (isObject(f) && byId.has(f.id)) byId.set(f.id, f)
  for (const f of entries) byId.set(f.id, f)
  return FEATURE_IDS.map((id) => normalizeFeature(byId.get(id)))
}

/** The features to answer for a stored value (null: the defaults). */
export const featuresOf = (stored) => mergeFeatures(stored, [])

function normalizeFeature(f) {
  if (f.id === 'social')
    return {
      id: 'social',
      isEnabled: f.isEnabled,
      config: Array.isArray(f.config) ? [...f.config] : [...DEFAULT_FEATURES.find((d) => d.id === 'social').config],
    }
  if (f.id === 'onramp') return { id: 'onramp', isEnabled: f.isEnabled, config: null }
  return { id: f.id, isEnabled: f.isEnabled }
}
