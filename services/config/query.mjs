// The config API's data rules (SPEC §7), shared by the local reference service (./server.mjs)
// and airlock-server (server/routes/config.mjs): the default features, and the catalog's paging
// and filters.

export const DEFAULT_FEATURES = [
  { id: 'email', isEnabled: true },
  // SPEC §9's default socials, in its order.
  { id: 'social', isEnabled: true, config: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] },
  { id: 'swap', isEnabled: true },
  { id: 'onramp', isEnabled: true, config: null },
  { id: 'activity', isEnabled: true },
]

export const MAX_ENTRIES = 100
export const MAX_PAGE = 100_000
const DEFAULT_ENTRIES = 40

/**
 * A whole number >= 1 written in plain digits, capped at `max`; anything else (absent, 'abc',
 * '-5', '2.5', '0', '1e3') is `fallback`; a huge one is `max`. Never throws, never NaN or Infinity.
 */
const positiveInt = (value, fallback, max) => {
  if (typeof value !== 'string') return fallback
  const text = value.trim()
  if (!/^\d+$/.test(text)) return fallback
  const digits = text.replace(/^0+(?=\d)/, '')
  if (digits.length > 15) return max
  const n = Number(digits)
  return n >= 1 ? Math.min(n, max) : fallback
}
const idList = (value) =>
  typeof value === 'string' && value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : []

/** Filter and page the catalog as /getWallets does. Never throws on odd query values. */
export function queryWallets(wallets, query) {
  const page = positiveInt(query.page, 1, MAX_PAGE)
  const entries = positiveInt(query.entries, DEFAULT_ENTRIES, MAX_ENTRIES)
  const include = idList(query.include)
  const exclude = new Set(idList(query.exclude))
  const chains = idList(query.chains)
  const search = (typeof query.search === 'string' ? query.search : '').trim().toLowerCase().slice(0, 100)
  let list = wallets
  if (include.length > 0) list = list.filter((w) => include.includes(w.id))
  if (exclude.size > 0) list = list.filter((w) => !exclude.has(w.id))
  if (chains.length > 0) list = list.filter((w) => (w.chains ?? []).some((c) => chains.includes(c)))
  if (search) list = list.filter((w) => w.name.toLowerCase().includes(search))
  const badge = typeof query.badge_type === 'string' ? query.badge_type.trim() : ''
  if (badge) list = list.filter((w) => w.badge_type === badge)
  const start = (page - 1) * entries
  return { data: list.slice(start, start + entries), count: list.length }
}
