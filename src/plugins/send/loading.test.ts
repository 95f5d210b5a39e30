/**
 * SPEC §4 "Send: loading, then a per-namespace send, then reset", the form's side: the visitor's
 * Send sets loading (the preview's button shows "Sending" and is busy), the send landing
 * (SEND_SUCCESS) resets the whole form, and a failed send ends loading and keeps the form for a
 * retry. The per-namespace sends themselves are send.test.ts's (eip155) and solana.test.ts's.
 */
import { describe, expect, it } from 'vitest'
import { produce } from 'immer'
import { createEvent, type AirlockEvent, type TokenBalance } from 'airlock/plugin'
import { initialSendState, reduceSend, type SendState } from './state'
import './events'

const TOKEN: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  price: 2000,
  value: 2000,
  quantity: { decimals: '18', numeric: '1' },
}
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** One event through the reducer on an Immer draft; a reducer that returns a state replaces the slice (a reset). */
function step(state: SendState, event: AirlockEvent): SendState {
  let replaced: SendState | undefined
  const next = produce(state, (draft) => {
    replaced = reduceSend(draft, event) ?? undefined
  })
  return replaced ?? next
}

const fold = (state: SendState, ...events: AirlockEvent[]): SendState => events.reduce(step, state)

/** A form ready to send: a token, an amount and a receiver. */
const ready = () =>
  fold(
    initialSendState,
    createEvent('SEND_TOKEN_SELECTED', { token: TOKEN }),
    createEvent('SEND_AMOUNT_ENTERED', { text: '0.5', unit: 'token' }),
    createEvent('SEND_RECEIVER_ENTERED', { text: RECEIVER, kind: 'address' }),
  )

describe('the send form through a send (SPEC §4)', () => {
  it('is not loading until the visitor sends; Send sets loading', () => {
    const form = ready()
    expect(form).toMatchObject({ loading: false, sendTokenAmount: '0.5', receiverAddress: RECEIVER })
    expect(fold(form, createEvent('SEND_REQUESTED', {}))).toMatchObject({ loading: true, sendTokenAmount: '0.5', receiverAddress: RECEIVER })
  })

  it('the send landing resets the form: not loading, no token, amount or receiver', () => {
    const sending = fold(ready(), createEvent('SEND_REQUESTED', {}))
    const landed = fold(
      sending,
      createEvent('SEND_SUCCESS', {
        caipNetworkId: 'eip155:1',
        token: 'ETH',
        tokenAddress: null,
        amount: '0.5',
        receiver: RECEIVER,
        hash: `0x${'1'.repeat(64)}`,
      }),
    )
    expect(landed).toEqual(initialSendState)
  })

  it('a failed send ends loading and keeps the form, with the time of the failure for a retry', () => {
    const sending = fold(ready(), createEvent('SEND_REQUESTED', {}))
    const failed = fold(
      sending,
      createEvent('SEND_ERROR', { caipNetworkId: 'eip155:1', token: 'ETH', amount: '0.5', message: 'User rejected the request.', reason: 'rejected', at: 42 }),
    )
    expect(failed).toMatchObject({ loading: false, lastRetry: 42, sendTokenAmount: '0.5', receiverAddress: RECEIVER })
  })
})
