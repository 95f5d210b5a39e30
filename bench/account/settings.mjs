// bench/account's fixed settings: the lists measured, their sizes, the scroll's speed and length,
// the modal's selectors for their rows and scrollers, and the Account plugins the load figures name.

/** Tokens in the balance answer, for the click → Tokens timing. */
export const TOKEN_COUNTS = [10, 1000]
/** Items in the list scrolled (tokens, and activity in one history page). */
export const LIST_ITEMS = 1000
/** Entries of the catalog All wallets scrolls (the config service's, then synthetic ones). */
export const CATALOG_WALLETS = 700
export const SCROLL_PX_PER_S = 1200
export const SCROLL_MAX_MS = 10_000
/** A frame is dropped when its delta exceeds this times the median frame delta of the unthrottled scrolls. */
export const DROPPED_FACTOR = 1.5
/** The plugins whose code only an opened modal needs: the Account tabs and identity (deferUntilOpened), and the Account actions Send and Receive. */
export const ACCOUNT_PLUGINS = ['tokens', 'nfts', 'activity', 'identity', 'send', 'receive']
/** Those a reloaded, connected page must not have loaded before its first open. */
export const DEFERRED_TABS = ['tokens', 'nfts', 'activity', 'identity']

export const TOKEN_ROW = '[role="list"][aria-label="Your tokens"] [role="listitem"]'
export const ACTIVITY_ROW = '[role="list"][aria-label="Your activity"] [role="listitem"]'
export const TOKEN_SCROLLER = '.token-scroller'
export const ACTIVITY_SCROLLER = '.scroller[role="region"][aria-label="Your activity"]'
export const CATALOG_SCROLLER = '.scroller:has(> ul[aria-label="All wallets"])'
/** The lists scrolled, in the order of the section's table. */
export const LISTS = ['catalog', 'tokens', 'activity']
