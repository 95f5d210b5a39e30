/**
 * The config API's answers (SPEC §7), as io-ts codecs: what each call reads and nothing more.
 *
 * Our reference answer of `/appkit/v1/config` (services/config serves it):
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
 * older clients; an entry we know with a wrong shape fails the whole answer. A plugin's feature
 * switch may name an entry of its own (issue 26 §1): known then, `{ id, isEnabled }`.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'
import { WalletEntry } from '../../events/shapes/wallet'
import { STORE_FIELDS } from '../../events/shapes/storeFields'
import type { ConfigFeatureEntry } from '../../ports/configApi'
import { linkableUrl } from '../../validation/linkableUrl'

/** A store's page: an https: URL (a store is a public site: no http:, not even on a loopback host), as the URL parser writes it. */
export const StoreUrl = new t.Type<string, string, unknown>(
  'StoreUrl',
  (input): input is string => typeof input === 'string' && linkableUrl(input)?.startsWith('https:') === true,
  (input, context) => {
    const href = typeof input === 'string' ? linkableUrl(input) : undefined
    return href?.startsWith('https:') ? t.success(href) : t.failure(input, context, 'expected an https: URL')
  },
  t.identity,
)

/**
 * A catalog entry: WalletEntry, then each store link decoded with StoreUrl. A link it refuses (a
 * javascript: or http: URL, not a URL, not a string) is left out of the entry, which stays: the
 * guide then links the others, or the wallet's homepage.
 *
 * ```ts
 * CatalogWalletEntry.decode({ id: 'a', name: 'A', chrome_store: 'javascript:x', app_store: 'https://apps.apple.com/app/id1' })
 * // right({ id: 'a', name: 'A', app_store: 'https://apps.apple.com/app/id1' })
 * ```
 */
export const CatalogWalletEntry = new t.Type<WalletEntry, WalletEntry, unknown>(
  'CatalogWalletEntry',
  (input): input is WalletEntry =>
    WalletEntry.is(input) &&
    STORE_FIELDS.every((field) => (input as Record<string, unknown>)[field] === undefined || StoreUrl.is((input as Record<string, unknown>)[field])),
  (input, context) => {
    const decoded = WalletEntry.validate(input, context)
    if (!isRight(decoded)) return decoded
    const entry: { -readonly [K in keyof WalletEntry]: WalletEntry[K] } = { ...decoded.right }
    for (const field of STORE_FIELDS) {
      if (!(field in entry)) continue
      const link = StoreUrl.decode(entry[field])
      if (isRight(link)) entry[field] = link.right
      else delete entry[field]
    }
    return t.success(entry)
  },
  t.identity,
)

/** /getWallets: SPEC §7 "It reads data and count"; each entry's store links as CatalogWalletEntry keeps them. */
export const WalletsResponse = t.type({ data: t.array(CatalogWalletEntry), count: t.number }, 'WalletsResponse')
export type WalletsResponse = t.TypeOf<typeof WalletsResponse>

export const ConfigFeatureId = t.keyof({ email: null, social: null, swap: null, onramp: null, activity: null }, 'ConfigFeatureId')

/** One known entry of `features`; `config` lists providers (socials for `social`). */
export const ConfigFeatureEntryCodec = t.intersection(
  [t.type({ id: ConfigFeatureId, isEnabled: t.boolean }), t.partial({ config: t.union([t.array(t.string), t.null]) })],
  'ConfigFeatureEntry',
)

/** A plugin's entry: on or off. */
export const PluginFeatureEntryCodec = t.type({ id: t.string, isEnabled: t.boolean }, 'PluginFeatureEntry')

/** /appkit/v1/config as first decoded: entries are checked one by one after (`decodeFeatureEntries`). */
export const RemoteConfigResponse = t.type({ features: t.array(t.type({ id: t.string })) }, 'RemoteConfigResponse')

/** /projects/v1/origins: SPEC §7 "It reads allowedOrigins". */
export const AllowedOriginsResponse = t.type({ allowedOrigins: t.array(t.string) }, 'AllowedOriginsResponse')

/** /getAnalyticsConfig: SPEC §7 "It reads isAnalyticsEnabled". */
export const AnalyticsConfigResponse = t.type({ isAnalyticsEnabled: t.boolean }, 'AnalyticsConfigResponse')

/**
 * Decode the entries of a config answer: unknown ids are skipped, known ones (the core's, and
 * `pluginIds`, the plugins' own) must be well formed.
 *
 * ```ts
 * decodeFeatureEntries([{ id: 'email', isEnabled: false }, { id: 'branding', isEnabled: true }])
 * // { ok: true, entries: [{ id: 'email', isEnabled: false }] }
 * ```
 */
export function decodeFeatureEntries(
  features: readonly { readonly id: string }[],
  pluginIds: readonly string[] = [],
): { ok: true; entries: ConfigFeatureEntry[] } | { ok: false; error: string } {
  const entries: ConfigFeatureEntry[] = []
  for (const raw of features) {
    const codec = ConfigFeatureId.is(raw.id) ? ConfigFeatureEntryCodec : pluginIds.includes(raw.id) ? PluginFeatureEntryCodec : undefined
    if (codec === undefined) continue
    const decoded = codec.decode(raw)
    if (!isRight(decoded)) return { ok: false, error: `Remote feature "${raw.id}" is not of the expected shape` }
    entries.push(decoded.right)
  }
  return { ok: true, entries }
}
