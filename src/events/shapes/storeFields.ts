/**
 * The stores a wallet catalog entry may link (issue 28 §4, the wallet guide), as the industry's
 * /getWallets names them, in the order the guide shows them: browser extensions first, then the
 * phones'. The one list of them: the catalog's codec (src/remote/config/codecs.ts), the guide
 * (src/core/walletCatalog/guideSelectors.ts) and scripts/generate.mjs (the bundled catalog's store
 * pages) all read it. A file of its own, with no imports: the first load, which holds
 * events/shapes/wallet.ts, takes only its type, and scripts/generate.mjs loads it with esbuild.
 */
export const STORE_FIELDS = ['chrome_store', 'firefox_store', 'edge_store', 'safari_store', 'app_store', 'play_store'] as const

export type StoreField = (typeof STORE_FIELDS)[number]
