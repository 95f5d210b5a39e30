/** The wallet catalog's limits, SPEC §9 word for word. */

/** Recent wallets kept (SPEC §9, §3 browser storage "latest 2 recent wallets"). */
export const RECENT_WALLETS_KEPT = 2

/** Recommended wallets loaded at start (SPEC §9). */
export const RECOMMENDED_COUNT = 4

/** Featured wallets at most (SPEC §9 "Featured default"). */
export const FEATURED_DEFAULT = 4

/** Entries per page of the all-wallets list (SPEC §9 "Wallet page size"). */
export const PAGE_SIZE = 40

/** Entries asked for by a search (SPEC §9 "Search results"). */
export const SEARCH_ENTRIES = 100

/** Search results are not shown before this long after the keystroke (SPEC §9 "Search minimum wait"). */
export const SEARCH_MIN_WAIT_MS = 300
