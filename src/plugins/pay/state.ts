/**
 * The pay plugin's slice: the payment the site asked for (null when none), the exchanges offered,
 * and where the payment is: `choosing` (the view offers the wallet and the exchanges), `opening`
 * (an exchange's page is being made), `waiting` (its page is open; its status is polled),
 * `sending` (the exchange or the wallet is sending), then `succeeded` or `failed`, both final: the
 * site's promise is settled. Events of another payment than the one held are ignored.
 */
import type { Draft } from 'immer'
import type { AirlockEvent } from 'airlock/plugin'
import type { Exchange, PayMethod } from './events'
import type { Payment } from './payment'

export type PayStep = 'choosing' | 'opening' | 'waiting' | 'sending' | 'succeeded' | 'failed'

export interface PayState {
  readonly payment: Payment | null
  readonly step: PayStep
  readonly exchanges: { readonly status: 'loading' | 'ready' | 'failed'; readonly list: readonly Exchange[]; readonly message: string | null }
  readonly method: PayMethod | null
  readonly exchangeId: string | null
  /** The exchange's page, and whether the browser blocked its popup (then it is a link). */
  readonly url: string | null
  readonly blocked: boolean
  readonly txHash: string | null
  /** Why the payment failed, as the visitor reads it. */
  readonly message: string | null
}

export const initialPayState: PayState = {
  payment: null,
  step: 'choosing',
  exchanges: { status: 'loading', list: [], message: null },
  method: null,
  exchangeId: null,
  url: null,
  blocked: false,
  txHash: null,
  message: null,
}

/** Whether the payment is final (its promise settled) or none is held. */
export const isSettled = (state: PayState | undefined): boolean => !state?.payment || state.step === 'succeeded' || state.step === 'failed'

export function reducePay(draft: Draft<PayState>, event: AirlockEvent): void {
  if (event.type === 'PAY_REQUESTED') {
    Object.assign(draft, initialPayState, { payment: event.payload.payment })
    return
  }
  const held = draft.payment?.id
  if (held === undefined || !('payload' in event) || (event.payload as { id?: unknown }).id !== held) return
  switch (event.type) {
    case 'PAY_EXCHANGES_RECEIVED':
      draft.exchanges = { status: 'ready', list: event.payload.exchanges as Draft<Exchange[]>, message: null }
      return
    case 'PAY_EXCHANGES_FAILED':
      draft.exchanges = { status: 'failed', list: [], message: event.payload.message }
      return
    case 'PAY_EXCHANGE_CHOSEN':
      draft.step = 'opening'
      draft.method = 'exchange'
      draft.exchangeId = event.payload.exchangeId
      return
    case 'PAY_EXCHANGE_OPENED':
      draft.step = 'waiting'
      draft.url = event.payload.url
      draft.blocked = event.payload.blocked
      return
    case 'PAY_EXCHANGE_SENDING':
      draft.step = 'sending'
      return
    case 'PAY_WALLET_CHOSEN':
      draft.step = 'sending'
      draft.method = 'wallet'
      return
    case 'PAY_SUCCEEDED':
      draft.step = 'succeeded'
      draft.txHash = event.payload.txHash
      return
    case 'PAY_FAILED':
      draft.step = 'failed'
      draft.message = event.payload.message
      return
    default:
      return
  }
}
