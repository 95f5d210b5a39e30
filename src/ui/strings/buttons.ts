/**
 * The page-side buttons' strings: the only strings a page loads before the modal (issue 27 §1),
 * English only. Each locale's table (./locales/*.ts) holds these keys too, so a locale's buttons
 * come with its one chunk (./load.ts), fetched when the buttons first render in that locale
 * (./buttonsFor.ts picks them).
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
