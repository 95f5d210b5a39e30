/** The notification banner (SPEC §2) and the transaction stack (SPEC §4). */
import * as t from 'io-ts'
import { defineEvent, NoPayload } from './define'

export const NotificationVariant = t.keyof({ loading: null, success: null, error: null }, 'NotificationVariant')
export type NotificationVariant = t.TypeOf<typeof NotificationVariant>

/** Values for a string's `{placeholders}`. */
export const NotificationValues = t.record(t.string, t.union([t.string, t.number]), 'NotificationValues')

/**
 * A banner text from the strings table: `key` is a core key (`balanceUnavailable`) or a plugin's,
 * prefixed with its id (`send.sent`); `values` fill its placeholders; `detail` is text that comes
 * from elsewhere (a wallet's own error message), shown as is under it.
 */
export const KeyedText = t.intersection([t.type({ key: t.string }), t.partial({ values: NotificationValues, detail: t.string })], 'KeyedText')
export type KeyedText = t.TypeOf<typeof KeyedText>

/** A banner text the site wrote itself (`airlock.notify({ variant, message })`), shown as is. */
export const SiteText = t.intersection([t.type({ message: t.string }), t.partial({ description: t.string })], 'SiteText')
export type SiteText = t.TypeOf<typeof SiteText>

/** What a banner says: a strings key (`{ key }`) or the site's own words (`{ message }`). */
export const NotificationText = t.union([KeyedText, SiteText], 'NotificationText')
export type NotificationText = t.TypeOf<typeof NotificationText>

/** Asks for a banner. If one is open, it closes and this one opens after 150 ms (SPEC §2). */
export const NotificationRequested = defineEvent('NOTIFICATION_REQUESTED', t.intersection([t.type({ variant: NotificationVariant }), NotificationText]))
export type NotificationRequested = t.TypeOf<typeof NotificationRequested>

/** A banner is shown. `id` is the sequence number that effect gave it. */
export const NotificationShown = defineEvent('NOTIFICATION_SHOWN', t.intersection([t.type({ id: t.number, variant: NotificationVariant }), NotificationText]))
export type NotificationShown = t.TypeOf<typeof NotificationShown>

export const NotificationClosed = defineEvent('NOTIFICATION_CLOSED', NoPayload)
export type NotificationClosed = t.TypeOf<typeof NotificationClosed>

export const TransactionOutcome = t.keyof({ success: null, error: null, cancel: null }, 'TransactionOutcome')

/** A view pushed with callbacks kept outside state, by id. */
export const TransactionStackPushed = defineEvent('TRANSACTION_STACK_PUSHED', t.type({ id: t.string, view: t.string, replace: t.boolean }))
export type TransactionStackPushed = t.TypeOf<typeof TransactionStackPushed>

/** The top of the stack settled: its callback ran; error and cancel also go back (SPEC §4). */
export const TransactionStackSettled = defineEvent('TRANSACTION_STACK_SETTLED', t.type({ id: t.string, outcome: TransactionOutcome }))
export type TransactionStackSettled = t.TypeOf<typeof TransactionStackSettled>

export const notificationEvents = {
  NOTIFICATION_REQUESTED: NotificationRequested,
  NOTIFICATION_SHOWN: NotificationShown,
  NOTIFICATION_CLOSED: NotificationClosed,
  TRANSACTION_STACK_PUSHED: TransactionStackPushed,
  TRANSACTION_STACK_SETTLED: TransactionStackSettled,
} as const
