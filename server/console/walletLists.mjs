// A project's wallet lists, chosen in the console from the server's catalog, and how the config
// API applies them. The modal's own featuredWalletIds / includeWalletIds / excludeWalletIds
// (SPEC §3) are the site's options in its code and reach the server only as /getWallets'
// `include` and `exclude` query (src/core/walletCatalog/effects.ts). The project's lists are the
// owner's, on the server, so /getWallets applies them to the catalog before the query does:
// - excluded: never answered, whatever the query asks (an `include` of one finds nothing);
// - included: when any, only those (and the featured) are answered; none means the whole catalog;
// - featured: answered first, in the owner's order (the modal's recommended row is the first page,
//   so they lead it), then the rest in catalog order.
// The site's own lists then narrow that further, as the modal asks.

/** The three lists, each at most the catalog's size. */
export const WALLET_LISTS = ['featured', 'included', 'excluded']

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The lists of a `wallets` body over `current` (a list left out is kept); `{ error }` names the
 * first bad one: not a list of strings, an id not in `catalog`, or one both excluded and
 * featured or included. Ids listed twice are kept once.
 */
export function readWalletLists(value, current, catalog) {
  if (!isObject(value)) return { error: 'wallets must be an object of featured, included and excluded wallet id lists' }
  const extra = Object.keys(value).find((key) => !WALLET_LISTS.includes(key))
  if (extra !== undefined) return { error: `wallets: unknown list ${JSON.stringify(extra.slice(0, 40))} (featured, included, excluded)` }
  const known = new Set(catalog.map((w) => w.id))
  const lists = walletListsOf(current)
  for (const name of WALLET_LISTS) {
    if (!(name in value)) continue
    const list = value[name]
    if (!Array.isArray(list) || list.length > known.size || !list.every((id) => typeof id === 'string'))
      return { error: `wallets.${name} must be a list of at most ${known.size} wallet ids` }
    const unknown = list.find((id) => !known.has(id))
    if (unknown !== undefined) return { error: `wallets.${name}: ${JSON.stringify(unknown.slice(0, 80))} is not a wallet of the catalog` }
    lists[name] = [...new Set(list)]
  }
  const excluded = new Set(lists.excluded)
  const both = [...lists.featured, ...lists.included].find((id) => excluded.has(id))
  if (both !== undefined) return { error: `wallets.excluded: ${both} is also featured or included` }
  return { lists }
}

/** The lists of a stored value (null: none). */
export function walletListsOf(stored) {
  const lists = { featured: [], included: [], excluded: [] }
  if (isObject(stored)) for (const name of WALLET_LISTS) if (Array.isArray(stored[name])) lists[name] = stored[name].filter((id) => typeof id === 'string')
  return lists
}

/**
 * The catalog as the project's lists leave it, for /getWallets to query (see the file's head).
 *
 * ```js
 * applyWalletLists(WALLETS, { featured: [b], included: [], excluded: [c] }) // b first, then the rest in order, no c
 * ```
 */
export function applyWalletLists(catalog, stored) {
  const { featured, included, excluded } = walletListsOf(stored)
  if (featured.length === 0 && included.length === 0 && excluded.length === 0) return catalog
  const out = new Set(excluded)
  const only = included.length === 0 ? undefined : new Set([...included, ...featured])
  const byId = new Map(catalog.map((w) => [w.id, w]))
  const first = featured.filter((id) => !out.has(id) && byId.has(id)).map((id) => byId.get(id))
  const leading = new Set(first.map((w) => w.id))
  const rest = catalog.filter((w) => !out.has(w.id) && !leading.has(w.id) && (only === undefined || only.has(w.id)))
  return [...first, ...rest]
}
