/**
 * What each public analytics event means, in one line: the source of docs/events.md's tables
 * (`npm run docs:events` writes them; tests/docs/publicEvents.test.ts fails when they differ). The
 * payload column is not written here: it is read from each event's codec.
 *
 * Its keys are exactly the types of `PublicEvent` (the core's and every plugin's registered in
 * `PublicEventRegistry`): a public event without a line, or a line for a type that is not public,
 * does not compile.
 */
import type { PublicEvent } from '../../src/index'

/** Where an event comes from: the core, a built-in plugin (its page under docs/), or the example plugin. */
export type EventSource = { readonly plugin: string; readonly page: string } | 'core' | 'example'

export interface PublicEventDoc {
  /** When it is sent, in one line (a table cell). */
  readonly when: string
  readonly from: EventSource
}

const send = { plugin: 'Send', page: 'features/send.md' }
const swap = { plugin: 'Swap', page: 'features/swap.md' }
const onramp = { plugin: 'Buy', page: 'features/onramp.md' }
const names = { plugin: 'Names', page: 'features/names.md' }
const siwx = { plugin: 'SIWX', page: 'features/siwx.md' }
const pay = { plugin: 'Pay', page: 'features/pay.md' }
const accountData = { plugin: 'Send, Swap, Buy', page: 'plugins.md#account-data' }

/** Every public event, in the order the tables list them. */
export const PUBLIC_EVENT_DOCS: { readonly [K in PublicEvent['type']]: PublicEventDoc } = {
  MODAL_OPEN: { from: 'core', when: 'the modal opened (`view`: the view asked for, if any)' },
  MODAL_CLOSE: { from: 'core', when: 'the modal closed, however it closed (once per close)' },
  CLICK_ALL_WALLETS: { from: 'core', when: 'the visitor opened the All wallets list' },
  SELECT_WALLET: { from: 'core', when: 'the visitor picked a wallet' },
  CONNECT_SUCCESS: { from: 'core', when: 'a wallet connected' },
  CONNECT_ERROR: { from: 'core', when: 'a connection failed' },
  USER_REJECTED: { from: 'core', when: 'the visitor rejected a request in the wallet (4001)' },
  DISCONNECT_SUCCESS: { from: 'core', when: 'disconnected (`namespace` null: every namespace)' },
  DISCONNECT_ERROR: { from: 'core', when: '"Failed to disconnect"' },
  ACTIVE_CONNECTION_CHANGED: {
    from: 'core',
    when: 'another wallet already connected in the namespace became the active one (a switch, or the active one disconnected while others stay); a CONNECT_SUCCESS makes its wallet active without it',
  },
  SWITCH_NETWORK: { from: 'core', when: 'the active network changed (`network`: its CAIP-2 id)' },
  SET_PREFERRED_ACCOUNT_TYPE: { from: 'core', when: 'the preferred account type changed' },
  SEND_SUCCESS: { from: send, when: 'a transfer landed on chain (`amount` in the token)' },
  SEND_ERROR: { from: send, when: 'a send failed (`reason` its kind, `at` when)' },
  SWAP_SUCCESS: { from: swap, when: 'a swap landed (`toAmount`: what was quoted for `fromAmount`)' },
  SWAP_ERROR: { from: swap, when: 'the approval or the swap failed (`step` which)' },
  TRANSACTION_SETTLED: {
    from: accountData,
    when: 'a transaction of the visitor’s settled (`kind`: send, swap, onramp; `hash` null for a purchase): balances, history and NFTs of that chain are read again',
  },
  ONRAMP_WIDGET_OPENED: { from: onramp, when: "the provider's widget opened (`blocked`: the popup was blocked, a link shown)" },
  REGISTER_NAME_INITIATED: { from: names, when: 'the visitor pressed Register; the wallet is asked to sign' },
  REGISTER_NAME_SUCCESS: { from: names, when: 'the name is registered and is the primary name of `address`' },
  REGISTER_NAME_ERROR: { from: names, when: 'registering the name failed' },
  SIWX_AUTH_SUCCESS: { from: siwx, when: 'the wallet signed in and the site kept the session' },
  SIWX_AUTH_ERROR: { from: siwx, when: 'the sign-in failed (`reason`: declined, or a smart account refused)' },
  PAY_EXCHANGE_OPENED: { from: pay, when: "an exchange's payment page opened (`blocked`: the popup was blocked, a link shown)" },
  PAY_SUCCEEDED: { from: pay, when: 'a payment the site asked for (`id`) landed on chain (`method`: wallet or exchange)' },
  PAY_FAILED: { from: pay, when: 'a payment did not happen (`reason`: invalid, cancelled or failed; `message` the reason)' },
  EXAMPLE_MESSAGE_SIGNED: { from: 'example', when: 'a message the wallet signed, verified' },
}
