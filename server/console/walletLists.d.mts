export interface WalletLists {
  featured: string[]
  included: string[]
  excluded: string[]
}

export const WALLET_LISTS: readonly ['featured', 'included', 'excluded']

/** A `wallets` body over the current lists; `{ error }` names the first bad list or id. */
export function readWalletLists(value: unknown, current: unknown, catalog: readonly { id: string }[]): { lists: WalletLists } | { error: string }

/** The lists of a stored value (null: none). */
export function walletListsOf(stored: unknown): WalletLists

/** The catalog as a project's lists leave it: excluded out, only the included (and featured) when any, featured first. */
export function applyWalletLists<W extends { id: string }>(catalog: readonly W[], stored: unknown): W[]
