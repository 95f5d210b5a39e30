/**
 * The send plugin's events. Public (analytics, DESIGN "Events"): SEND_SUCCESS and SEND_ERROR. The
 * others are the form's steps: a token chosen, an amount and a receiver entered, the receiver's
 * name looked up, the fee read, and the visitor's "Send".
 */
import * as t from 'io-ts'
import { defineEvent, NoPayload, TokenBalance, TransactionSettled, defineEvents, type EventsOf, type PublicEventsOf } from 'airlock/plugin'

/** The visitor chose the token to send: one of the account's balances (SPEC §3 send state `token`). */
export const SendTokenSelected = defineEvent('SEND_TOKEN_SELECTED', t.type({ token: TokenBalance }))
export type SendTokenSelected = t.TypeOf<typeof SendTokenSelected>

export const AmountUnit = t.keyof({ token: null, usd: null }, 'AmountUnit')
export type AmountUnit = t.TypeOf<typeof AmountUnit>

/**
 * The visitor typed `text` in `unit` (the token, or USD); what it comes to in the token is the
 * state's `sendTokenAmount` (SPEC §3).
 */
export const SendAmountEntered = defineEvent('SEND_AMOUNT_ENTERED', t.type({ text: t.string, unit: AmountUnit }))
export type SendAmountEntered = t.TypeOf<typeof SendAmountEntered>

/** The visitor switched the amount's unit (the token ↔ USD): the same amount, written in the other. */
export const SendUnitSwitched = defineEvent('SEND_UNIT_SWITCHED', NoPayload)
export type SendUnitSwitched = t.TypeOf<typeof SendUnitSwitched>

/** What a typed receiver is: nothing, an address of the active namespace, a name to look up (it has a dot), or neither. */
export const ReceiverKind = t.keyof({ empty: null, address: null, name: null, invalid: null }, 'ReceiverKind')
export type ReceiverKind = t.TypeOf<typeof ReceiverKind>

/** The visitor typed a receiver. An address is the receiver at once; a name is looked up (SEND_RECEIVER_RESOLVED). */
export const SendReceiverEntered = defineEvent('SEND_RECEIVER_ENTERED', t.type({ text: t.string, kind: ReceiverKind }))
export type SendReceiverEntered = t.TypeOf<typeof SendReceiverEntered>

/**
 * The receiver typed as `text` is `address`, with its name and avatar where the name service has
 * them (a name looked up, or an address's identity).
 */
export const SendReceiverResolved = defineEvent(
  'SEND_RECEIVER_RESOLVED',
  t.type({ text: t.string, address: t.string, name: t.union([t.string, t.null]), imageUrl: t.union([t.string, t.null]) }),
)
export type SendReceiverResolved = t.TypeOf<typeof SendReceiverResolved>

/** The name typed as `text` has no address on the active network (nobody holds it, or it has none there). */
export const SendReceiverNotFound = defineEvent('SEND_RECEIVER_NOT_FOUND', t.type({ text: t.string }))
export type SendReceiverNotFound = t.TypeOf<typeof SendReceiverNotFound>

/** The lookup of the name typed as `text` failed: `message` is SPEC §8's "Error resolving name", `details` the failure's. */
export const SendReceiverLookupFailed = defineEvent('SEND_RECEIVER_LOOKUP_FAILED', t.type({ text: t.string, message: t.string, details: t.string }))
export type SendReceiverLookupFailed = t.TypeOf<typeof SendReceiverLookupFailed>

/**
 * The network fee of the form's transfer, read from the chain, in the native currency's base units
 * (decimal strings); `key` names the transfer it was read for (account, token, receiver).
 */
export const SendFeeEstimated = defineEvent('SEND_FEE_ESTIMATED', t.type({ key: t.string, fee: t.string, maxFee: t.string }))
export type SendFeeEstimated = t.TypeOf<typeof SendFeeEstimated>

/** The fee of the transfer `key` could not be read. */
export const SendFeeFailed = defineEvent('SEND_FEE_FAILED', t.type({ key: t.string }))
export type SendFeeFailed = t.TypeOf<typeof SendFeeFailed>

/** The visitor pressed Send on the preview: the send is loading (SPEC §4 "Send: loading, then a per-namespace send, then reset"). */
export const SendRequested = defineEvent('SEND_REQUESTED', NoPayload)
export type SendRequested = t.TypeOf<typeof SendRequested>

/** Public: the transfer landed on chain. `amount` in the token (a decimal string); `hash` the transaction's id. */
export const SendSuccess = defineEvent(
  'SEND_SUCCESS',
  t.type({
    caipNetworkId: t.string,
    token: t.string,
    tokenAddress: t.union([t.string, t.null]),
    amount: t.string,
    receiver: t.string,
    hash: t.string,
  }),
)
export type SendSuccess = t.TypeOf<typeof SendSuccess>

/**
 * Why a send failed: a form that cannot be sent (SPEC §5, §8 messages), the visitor's refusal in
 * the wallet (4001), the chain's refusals by kind (SPEC §8 "nonce, fee, gas and funds problems"),
 * a transfer the chain reverted, one not confirmed in time, or anything else.
 */
export const SendFailure = t.keyof(
  {
    unsupportedChain: null,
    tokenRequired: null,
    amountAndReceiverRequired: null,
    invalidAmount: null,
    insufficientBalance: null,
    rejected: null,
    nonce: null,
    fee: null,
    gas: null,
    funds: null,
    reverted: null,
    pending: null,
    failed: null,
  },
  'SendFailure',
)
export type SendFailure = t.TypeOf<typeof SendFailure>

/**
 * Public: the send failed. `message` is the error's own words (SPEC §8's for the form's checks),
 * `reason` its kind, `at` when (clock ms; SPEC §3 `lastRetry`). The network, token and amount are
 * the form's, null where it had none.
 */
export const SendError = defineEvent(
  'SEND_ERROR',
  t.type({
    caipNetworkId: t.union([t.string, t.null]),
    token: t.union([t.string, t.null]),
    amount: t.union([t.string, t.null]),
    message: t.string,
    reason: SendFailure,
    at: t.number,
  }),
)
export type SendError = t.TypeOf<typeof SendError>

/** The connected account's balances, read through the account-data service while the form is shown. */
export const SendBalancesRead = defineEvent('SEND_BALANCES_READ', t.type({ caipAddress: t.string, balances: t.readonlyArray(TokenBalance) }))
export type SendBalancesRead = t.TypeOf<typeof SendBalancesRead>

export const sendEvents = defineEvents(
  {
    SEND_BALANCES_READ: SendBalancesRead,
    SEND_TOKEN_SELECTED: SendTokenSelected,
    SEND_AMOUNT_ENTERED: SendAmountEntered,
    SEND_UNIT_SWITCHED: SendUnitSwitched,
    SEND_RECEIVER_ENTERED: SendReceiverEntered,
    SEND_RECEIVER_RESOLVED: SendReceiverResolved,
    SEND_RECEIVER_NOT_FOUND: SendReceiverNotFound,
    SEND_RECEIVER_LOOKUP_FAILED: SendReceiverLookupFailed,
    SEND_FEE_ESTIMATED: SendFeeEstimated,
    SEND_FEE_FAILED: SendFeeFailed,
    SEND_REQUESTED: SendRequested,
    SEND_SUCCESS: SendSuccess,
    SEND_ERROR: SendError,
    TRANSACTION_SETTLED: TransactionSettled,
  },
  { public: ['SEND_SUCCESS', 'SEND_ERROR', 'TRANSACTION_SETTLED'] },
)

// The plugin's events join the registries from this one declaration (its public ones `PublicEvent` too).
declare module 'airlock/plugin' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventRegistry extends EventsOf<typeof sendEvents> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface PublicEventRegistry extends PublicEventsOf<typeof sendEvents> {}
}
