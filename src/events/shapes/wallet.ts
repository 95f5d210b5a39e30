/** A wallet catalog entry (SPEC §3) as the config API's /getWallets returns it. */
import * as t from 'io-ts'

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
export type WalletEntry = t.TypeOf<typeof WalletEntry>

/** The stored recent-wallet and deep-link shapes (SPEC §3 browser storage). */
export const DeepLinkChoice = t.type({ href: t.string, name: t.string }, 'DeepLinkChoice')
export type DeepLinkChoice = t.TypeOf<typeof DeepLinkChoice>
