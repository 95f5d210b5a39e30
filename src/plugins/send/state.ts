/**
 * The send plugin's slice: SPEC §3 send state. `token`, `sendTokenAmount`, `receiverAddress`,
 * `receiverProfileImageUrl`, `receiverProfileName`, `loading` and `lastRetry` are held here, with
 * what the visitor typed and the fee read for the transfer. `tokenBalances` and
 * `networkBalanceInUSD` are derived (selectSendForm): they are the balances the tokens plugin (or
 * the core, for the native currency) holds, and a copy here would go stale at their next read.
 *
 * SPEC §4: the form resets after a send landed ("then reset"), and when the network switches
 * ("Switching resets the send form"); here also when the account changes or disconnects, since a
 * form filled for one account is not another's.
 */
import type { Draft } from 'immer'
import { type TokenBalance, type AirlockEvent, roundHalfUp } from 'airlock/plugin'
import { amountFromInput, tokenAmountToUsd } from './amount'
import type { AmountUnit, ReceiverKind } from './events'

/** Decimal places of an amount written in USD when the unit switches to it (SPEC §9: 2 decimals). */
const USD_PLACES = 2

/** Where the typed receiver stands: as typed (`ReceiverKind`), or looked up (`resolving`, `resolved`, `notFound`, `lookupFailed`). */
export type ReceiverStatus = ReceiverKind | 'resolving' | 'resolved' | 'notFound' | 'lookupFailed'

/** The fee read for the transfer `key`, in the native currency's base units; or that it could not be read. */
export type SendFee = { readonly key: string; readonly fee: string; readonly maxFee: string } | { readonly key: string; readonly failed: true }

export interface SendState {
  readonly token: TokenBalance | null
  /** The amount in the token, a decimal string; null when none (or what was typed is no amount). */
  readonly sendTokenAmount: string | null
  readonly receiverAddress: string | null
  readonly receiverProfileImageUrl: string | null
  readonly receiverProfileName: string | null
  /** A send is under way (from the visitor's Send until it landed or failed). */
  readonly loading: boolean
  /** When the last send failed (clock ms), so the preview offers a retry; null after a reset. */
  readonly lastRetry: number | null
  /** The amount as typed, and whether in the token or in USD. */
  readonly amountInput: { readonly text: string; readonly unit: AmountUnit }
  /** The receiver as typed (an address or a name), and where it stands. */
  readonly receiverInput: { readonly text: string; readonly status: ReceiverStatus }
  readonly fee: SendFee | null
  /** The connected account's balances, as the account-data service last read them for the form. */
  readonly balances: { readonly caipAddress: string; readonly balances: readonly TokenBalance[] } | null
}

export const initialSendState: SendState = {
  token: null,
  sendTokenAmount: null,
  receiverAddress: null,
  receiverProfileImageUrl: null,
  receiverProfileName: null,
  loading: false,
  lastRetry: null,
  amountInput: { text: '', unit: 'token' },
  receiverInput: { text: '', status: 'empty' },
  fee: null,
  balances: null,
}

/** The events after which the form starts over (SPEC §4; see the file's comment). */
const RESETS: ReadonlySet<string> = new Set([
  'SEND_SUCCESS',
  'NETWORK_SWITCHED',
  'ACCOUNT_CONNECTED',
  'ACCOUNTS_CHANGED',
  'DISCONNECT_SUCCESS',
  'CONNECTION_RESET',
])

export function reduceSend(draft: Draft<SendState>, event: AirlockEvent): void | SendState {
  if (RESETS.has(event.type)) return initialSendState
  switch (event.type) {
    case 'SEND_TOKEN_SELECTED':
      // Another token: the amount typed was of the last one.
      draft.token = event.payload.token as Draft<TokenBalance>
      draft.amountInput = { text: '', unit: 'token' }
      draft.sendTokenAmount = null
      return
    case 'SEND_AMOUNT_ENTERED': {
      const { text, unit } = event.payload
      draft.amountInput = { text, unit }
      draft.sendTokenAmount = amountFromInput(text, unit, draft.token)
      return
    }
    case 'SEND_UNIT_SWITCHED': {
      // USD needs a price; the amount stays, written in the other unit (USD with 2 decimals, SPEC §9).
      const token = draft.token
      if (!token || !(token.price > 0)) return
      const amount = draft.sendTokenAmount
      const unit = draft.amountInput.unit === 'token' ? 'usd' : 'token'
      draft.amountInput = { text: amount === null ? '' : unit === 'usd' ? roundHalfUp(tokenAmountToUsd(amount, token.price), USD_PLACES) : amount, unit }
      return
    }
    case 'SEND_RECEIVER_ENTERED': {
      const { text, kind } = event.payload
      draft.receiverInput = { text, status: kind === 'name' ? 'resolving' : kind }
      draft.receiverAddress = kind === 'address' ? text : null
      draft.receiverProfileName = null
      draft.receiverProfileImageUrl = null
      return
    }
    case 'SEND_RECEIVER_RESOLVED': {
      const { text, address, name, imageUrl } = event.payload
      // An answer for what the visitor has typed over since is dropped.
      if (text !== draft.receiverInput.text) return
      draft.receiverInput.status = 'resolved'
      draft.receiverAddress = address
      draft.receiverProfileName = name
      draft.receiverProfileImageUrl = imageUrl
      return
    }
    case 'SEND_RECEIVER_NOT_FOUND':
    case 'SEND_RECEIVER_LOOKUP_FAILED':
      if (event.payload.text === draft.receiverInput.text && draft.receiverInput.status === 'resolving')
        draft.receiverInput.status = event.type === 'SEND_RECEIVER_NOT_FOUND' ? 'notFound' : 'lookupFailed'
      return
    case 'SEND_BALANCES_READ':
      draft.balances = event.payload as Draft<SendState['balances']>
      return
    case 'SEND_FEE_ESTIMATED':
      draft.fee = { ...event.payload }
      return
    case 'SEND_FEE_FAILED':
      draft.fee = { key: event.payload.key, failed: true }
      return
    case 'SEND_REQUESTED':
      draft.loading = true
      return
    case 'SEND_ERROR':
      draft.loading = false
      draft.lastRetry = event.payload.at
      return
    default:
      return
  }
}
