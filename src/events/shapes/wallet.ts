/** A wallet catalog entry (SPEC §3) as the config API's /getWallets returns it. */
import * as t from 'io-ts'
import type { StoreField } from './storeFields'

const optionalString = t.union([t.string, t.null, t.undefined])

export const WalletEntry = t.intersection(
  [
    t.type({ id: t.string, name: t.string }),
    t.partial({
      image_id: optionalString,
      image_url: optionalString,
      mobile_link: optionalString,
      desktop_link: optionalString,
      webapp_link: optionalString,
      homepage: optionalString,
      chains: t.array(t.string),
      rdns: optionalString,
      badge_type: optionalString,
    }),
  ],
  'WalletEntry',
)
/**
 * A wallet's pages in the stores (issue 28 §4, the wallet guide), as the industry's /getWallets
 * names them: browser extensions, Apple's App Store, Google Play. The catalog's codec
 * (src/remote/config/codecs.ts, loaded with the catalog) keeps only https: ones, dropping a bad
 * link and not the entry; they stay out of this codec, which the first load holds. The stores
 * are STORE_FIELDS (./storeFields).
 */
export type StoreLinks = { readonly [K in StoreField]?: string }
export type { StoreField }

export type WalletEntry = t.TypeOf<typeof WalletEntry> & StoreLinks

/** The stored recent-wallet and deep-link shapes (SPEC §3 browser storage). */
export const DeepLinkChoice = t.type({ href: t.string, name: t.string }, 'DeepLinkChoice')
export type DeepLinkChoice = t.TypeOf<typeof DeepLinkChoice>
