/**
 * SPEC §4 wallet visibility, as pure functions over anything wallet-like: catalog entries
 * (WalletEntry) and connectors (Connector) both fit. The connect view composes them with the
 * connectors and recent wallets it holds; the catalog uses the exclusion rule for its own list.
 */

// The SPEC §9 limits of what the catalog shows live in limits.ts (the effects use them); they are
// offered here too, beside the rules that decide what is shown.
export { FEATURED_DEFAULT, PAGE_SIZE, RECENT_WALLETS_KEPT, RECOMMENDED_COUNT, SEARCH_ENTRIES, SEARCH_MIN_WAIT_MS } from './limits'

/** What the rules read of a wallet or connector. */
export interface WalletLike {
  readonly id: string
  readonly name: string
  /** info.rdns of a connector, or the catalog entry's rdns: the wallet's identifier. */
  readonly rdns?: string | null | undefined
  /** The catalog id a connector maps to. */
  readonly explorerId?: string | undefined
}

/** The name of the generic entry for whatever wallet the browser injects (SPEC §3). */
export const BROWSER_WALLET_NAME = 'Browser Wallet'

const nonEmpty = (value: string | null | undefined): value is string => typeof value === 'string' && value !== ''

/**
 * Whether this is the generic "Browser Wallet" entry.
 *
 * ```ts
 * isBrowserWallet({ id: 'injected', name: 'Browser Wallet' }) // true
 * ```
 */
export function isBrowserWallet(wallet: WalletLike): boolean {
  return wallet.name === BROWSER_WALLET_NAME
}

/**
 * SPEC §4: the generic Browser Wallet entry is hidden when not mobile; on mobile it is hidden if
 * it has no identifier (rdns) and no installed wallet exists. Every other wallet passes.
 *
 * ```ts
 * showBrowserWallet({ id: 'injected', name: 'Browser Wallet' }, { isMobile: false, hasInstalledWallet: true }) // false
 * ```
 */
export function showBrowserWallet(wallet: WalletLike, context: { readonly isMobile: boolean; readonly hasInstalledWallet: boolean }): boolean {
  if (!isBrowserWallet(wallet)) return true
  if (!context.isMobile) return false
  return nonEmpty(wallet.rdns) || context.hasInstalledWallet
}

/**
 * SPEC §4: whether the site excluded this wallet. An excluded entry matches the wallet's id or
 * rdns exactly, or its name case-insensitively.
 *
 * ```ts
 * isExcluded({ id: 'w1', name: 'MetaMask' }, ['metamask']) // true
 * ```
 */
export function isExcluded(wallet: WalletLike, excluded: readonly string[]): boolean {
  const name = wallet.name.toLowerCase()
  return excluded.some((entry) => entry === wallet.id || (nonEmpty(wallet.rdns) && entry === wallet.rdns) || entry.toLowerCase() === name)
}

/**
 * The wallets the site did not exclude (SPEC §4). Returns the same array when none is excluded,
 * so selectors keep their reference.
 *
 * ```ts
 * withoutExcluded([{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }], ['b']) // [{ id: 'a', name: 'A' }]
 * ```
 */
export function withoutExcluded<W extends WalletLike>(wallets: readonly W[], excluded: readonly string[]): readonly W[] {
  if (excluded.length === 0) return wallets
  const kept = wallets.filter((wallet) => !isExcluded(wallet, excluded))
  return kept.length === wallets.length ? wallets : kept
}

/** The ids a wallet is known by: its own and its explorer id. */
function idsOf(wallet: WalletLike): string[] {
  return [wallet.id, wallet.explorerId].filter(nonEmpty)
}

/**
 * SPEC §4: whether `wallet` is the same wallet as one of `others`, matched by id, explorer id
 * (a connector's explorer id is the catalog id) and rdns.
 *
 * ```ts
 * isDuplicateOf({ id: 'c8…', name: 'MetaMask' }, [{ id: 'io.metamask', name: 'MetaMask', explorerId: 'c8…' }]) // true
 * ```
 */
export function isDuplicateOf(wallet: WalletLike, others: readonly WalletLike[]): boolean {
  const ids = idsOf(wallet)
  return others.some((other) => idsOf(other).some((id) => ids.includes(id)) || (nonEmpty(wallet.rdns) && nonEmpty(other.rdns) && wallet.rdns === other.rdns))
}

/**
 * SPEC §4: the catalog wallets that are not already shown as a recent or an announced wallet.
 * Returns the same array when nothing is filtered out.
 *
 * ```ts
 * withoutDuplicates(catalog, { recent: recentWallets, announced: announcedConnectors })
 * ```
 */
export function withoutDuplicates<W extends WalletLike>(
  wallets: readonly W[],
  shown: { readonly recent: readonly WalletLike[]; readonly announced: readonly WalletLike[] },
): readonly W[] {
  const others = [...shown.recent, ...shown.announced]
  if (others.length === 0) return wallets
  const kept = wallets.filter((wallet) => !isDuplicateOf(wallet, others))
  return kept.length === wallets.length ? wallets : kept
}

/** Everything the SPEC §4 rules depend on. */
export interface VisibilityContext {
  readonly isMobile: boolean
  /** Whether any wallet is installed (injected or announced). */
  readonly hasInstalledWallet: boolean
  readonly excluded: readonly string[]
  readonly recent: readonly WalletLike[]
  readonly announced: readonly WalletLike[]
}

/**
 * All SPEC §4 wallet visibility rules at once, for the catalog list of the connect view: the
 * Browser Wallet rule, exclusions, then duplicates of recent or announced wallets.
 *
 * ```ts
 * visibleWallets(catalog, { isMobile: false, hasInstalledWallet: true, excluded: [], recent: [], announced })
 * ```
 */
export function visibleWallets<W extends WalletLike>(wallets: readonly W[], context: VisibilityContext): readonly W[] {
  const shown = wallets.filter((wallet) => showBrowserWallet(wallet, context))
  const first = shown.length === wallets.length ? wallets : shown
  return withoutDuplicates(withoutExcluded(first, context.excluded), context)
}
