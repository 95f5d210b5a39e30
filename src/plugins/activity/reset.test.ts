/**
 * SPEC §4 "Reset … clears the uri, pairing expiry, link, recent wallet, transactions and stored
 * deep link": the transactions are the activity plugin's. A reset (CONNECTION_RESET, as a
 * disconnect that gave up or a restore that failed ends) of the history's namespace, or of every
 * namespace, empties the history; a reset of another namespace leaves it.
 */
import { describe, expect, it } from 'vitest'
import { createEvent, type TransactionItem } from 'airlock/plugin'
import { initialActivityState, nextActivityState, type ActivityState } from './state'
import './events'

const ACCOUNT = 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NETWORK = 'eip155:1'

const item: TransactionItem = {
  id: '0xabc',
  metadata: { minedAt: '2026-11-01T10:00:00Z', operationType: 'send', status: 'confirmed', sentFrom: '0x1', sentTo: '0x2' },
  transfers: [],
}

/** A history with one page read and a cursor for the next. */
function filled(): ActivityState {
  const requested = nextActivityState(initialActivityState, createEvent('ACTIVITY_REQUESTED', { account: ACCOUNT, network: NETWORK, cursor: null }))
  return nextActivityState(
    requested,
    createEvent('ACTIVITY_RECEIVED', { account: ACCOUNT, network: NETWORK, cursor: null, transactions: [item], next: 'page-2' }),
  )
}

describe('a reset clears the transactions (SPEC §4)', () => {
  it('a reset of the history’s namespace, or of every one, empties it: no transactions, no cursor, no account', () => {
    const before = filled()
    expect(before.transactions).toHaveLength(1)
    expect(before.next).toBe('page-2')
    for (const namespace of ['eip155', null] as const) {
      const after = nextActivityState(before, createEvent('CONNECTION_RESET', { namespace }))
      expect(after).toEqual(initialActivityState)
    }
  })

  it('a reset of another namespace leaves the history as it is', () => {
    const before = filled()
    expect(nextActivityState(before, createEvent('CONNECTION_RESET', { namespace: 'solana' }))).toBe(before)
  })
})
