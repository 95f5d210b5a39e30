/**
 * The page-side buttons' strings, per locale: the only strings a page loads before the modal
 * (issue 27 §1: the modal's tables, every locale's, load with the modal's chunk). Each locale's
 * table (./en.ts, ./de.ts) spreads its entries here, so the modal and the key checks see one table
 * per locale; a new locale adds its entries here and in its own file.
 */

export const enButtons = {
  connectButton: 'Connect wallet',
  connectingButton: 'Connecting…',
  accountButton: 'Account {address}',
  /** The account button's accessible name with the balance shown beside it. */
  accountButtonBalance: '{account}, balance {balance}',
  networkButton: 'Network: {name}. Switch network',
  unknownNetwork: 'Unknown network',
} as const

/** The shape every locale's button strings have. */
export type ButtonStrings = { readonly [K in keyof typeof enButtons]: string }

export const deButtons: ButtonStrings = {
  connectButton: 'Wallet verbinden',
  connectingButton: 'Verbinde…',
  accountButton: 'Konto {address}',
  accountButtonBalance: '{account}, Guthaben {balance}',
  networkButton: 'Netzwerk: {name}. Netzwerk wechseln',
  unknownNetwork: 'Unbekanntes Netzwerk',
}

const tables: Readonly<Record<string, ButtonStrings>> = { en: enButtons, de: deButtons }

/**
 * The buttons' strings for `locale` ('de', 'de-AT' → de), English when there are none; the same
 * choice as the modal's `stringsFor`.
 *
 * ```ts
 * buttonStringsFor('de-AT').connectButton // 'Wallet verbinden'
 * ```
 */
export function buttonStringsFor(locale: string): ButtonStrings {
  return tables[locale] ?? tables[locale.split('-')[0] ?? ''] ?? enButtons
}
