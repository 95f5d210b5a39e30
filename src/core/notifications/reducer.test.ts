import { describe, expect, it } from 'vitest'
import { createEvent } from '../../kernel/registry'
import { reduceNotifications } from './reducer'
import { initialNotificationsState, type NotificationsState } from './state'
import { selectNotification } from './selectors'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { notificationsModule } from './module'
import { requestNotification } from './commands'

const reduce = (state: NotificationsState, event: Parameters<typeof reduceNotifications>[1]) => reduceNotifications(state, event)
const shown = createEvent('NOTIFICATION_SHOWN', { id: 7, variant: 'error', message: 'Failed', description: 'Try again' })

describe('notifications reducer', () => {
  it('NOTIFICATION_SHOWN opens the banner with the id, variant and site text it carries (SPEC §2)', () => {
    expect(reduce(initialNotificationsState, shown)).toEqual({ open: true, id: 7, variant: 'error', text: { message: 'Failed', description: 'Try again' } })
    const plain = reduce(initialNotificationsState, createEvent('NOTIFICATION_SHOWN', { id: 1, variant: 'loading', message: 'Wait' }))
    expect(plain.text).toEqual({ message: 'Wait' })
  })

  it('a banner from the strings table keeps its key, values and detail, and nothing else of the payload (issue 11 §7)', () => {
    const keyed = createEvent('NOTIFICATION_SHOWN', { id: 2, variant: 'error', key: 'walletError', values: { name: 'A' }, detail: 'Nonce too low' })
    expect(reduce(initialNotificationsState, keyed)).toEqual({
      open: true,
      id: 2,
      variant: 'error',
      text: { key: 'walletError', values: { name: 'A' }, detail: 'Nonce too low' },
    })
    expect(reduce(initialNotificationsState, createEvent('NOTIFICATION_SHOWN', { id: 3, variant: 'error', key: 'balanceUnavailable' })).text).toEqual({
      key: 'balanceUnavailable',
    })
  })

  it('a new banner replaces the text of the old one (SPEC §2)', () => {
    const next = reduce(reduce(initialNotificationsState, shown), createEvent('NOTIFICATION_SHOWN', { id: 8, variant: 'success', message: 'Done' }))
    expect(next).toEqual({ open: true, id: 8, variant: 'success', text: { message: 'Done' } })
  })

  it('NOTIFICATION_CLOSED closes the banner and keeps its content for the exit (SPEC §2)', () => {
    const closed = reduce(reduce(initialNotificationsState, shown), createEvent('NOTIFICATION_CLOSED', {}))
    expect(closed).toEqual({ open: false, id: 7, variant: 'error', text: { message: 'Failed', description: 'Try again' } })
  })

  it('closing a closed banner and unknown events keep the same reference', () => {
    expect(reduce(initialNotificationsState, createEvent('NOTIFICATION_CLOSED', {}))).toBe(initialNotificationsState)
    const open = reduce(initialNotificationsState, shown)
    expect(reduce(open, createEvent('WALLET_SEARCH_CHANGED', { query: 'x' }))).toBe(open)
    // A request alone changes nothing: the effect decides when the banner shows.
    expect(reduce(open, requestNotification('success', { message: 'Copied' }))).toBe(open)
  })

  it('selectNotification returns the slice itself, the same reference for the same state', () => {
    const kernel = createKernel({ modules: [notificationsModule], deps: defaultDeps({ storage: memoryStorage() }) })
    kernel.dispatch(shown)
    const first = selectNotification(kernel.getState())
    expect(first).toMatchObject({ open: true, id: 7 })
    kernel.dispatch(createEvent('WALLET_SEARCH_CHANGED', { query: 'x' }))
    expect(selectNotification(kernel.getState())).toBe(first)
  })

  it('requestNotification carries a key or the site text, leaving out what is not given', () => {
    expect(requestNotification('error', { key: 'balanceUnavailable' }).payload).toEqual({ variant: 'error', key: 'balanceUnavailable' })
    expect(requestNotification('loading', { message: 'Wait' }).payload).toEqual({ variant: 'loading', message: 'Wait' })
    expect(requestNotification('error', { message: 'No', description: 'Why' }).payload).toEqual({ variant: 'error', message: 'No', description: 'Why' })
  })
})
