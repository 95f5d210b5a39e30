import { describe, expect, it } from 'vitest'
import { produce } from 'immer'
import { createEvent } from '../../kernel/registry'
import { reduceNotifications } from './reducer'
import { initialNotificationsState, type NotificationsState } from './state'
import { selectNotification } from './selectors'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { notificationsModule } from './module'
import { closeNotification, requestNotification } from './commands'

const reduce = (state: NotificationsState, event: Parameters<typeof reduceNotifications>[1]) => produce(state, (d) => reduceNotifications(d, event))
const shown = createEvent('NOTIFICATION_SHOWN', { id: 7, variant: 'error', message: 'Failed', description: 'Try again' })

describe('notifications reducer', () => {
  it('NOTIFICATION_SHOWN opens the banner with the id, variant, message and description it carries (SPEC §2)', () => {
    expect(reduce(initialNotificationsState, shown)).toEqual({ open: true, id: 7, variant: 'error', message: 'Failed', description: 'Try again' })
    const plain = reduce(initialNotificationsState, createEvent('NOTIFICATION_SHOWN', { id: 1, variant: 'loading', message: 'Wait' }))
    expect(plain.description).toBeNull()
  })

  it('a new banner replaces the description of the old one (SPEC §2)', () => {
    const next = reduce(reduce(initialNotificationsState, shown), createEvent('NOTIFICATION_SHOWN', { id: 8, variant: 'success', message: 'Done' }))
    expect(next).toEqual({ open: true, id: 8, variant: 'success', message: 'Done', description: null })
  })

  it('NOTIFICATION_CLOSED closes the banner and keeps its content for the exit (SPEC §2)', () => {
    const closed = reduce(reduce(initialNotificationsState, shown), closeNotification())
    expect(closed).toEqual({ open: false, id: 7, variant: 'error', message: 'Failed', description: 'Try again' })
  })

  it('closing a closed banner and unknown events keep the same reference', () => {
    expect(reduce(initialNotificationsState, closeNotification())).toBe(initialNotificationsState)
    const open = reduce(initialNotificationsState, shown)
    expect(reduce(open, createEvent('WALLET_SEARCH_CHANGED', { query: 'x' }))).toBe(open)
    // A request alone changes nothing: the effect decides when the banner shows.
    expect(reduce(open, requestNotification('success', 'Copied'))).toBe(open)
  })

  it('selectNotification returns the slice itself, the same reference for the same state', () => {
    const kernel = createKernel({ modules: [notificationsModule], deps: defaultDeps({ storage: memoryStorage() }) })
    kernel.dispatch(shown)
    const first = selectNotification(kernel.getState())
    expect(first).toMatchObject({ open: true, id: 7 })
    kernel.dispatch(createEvent('WALLET_SEARCH_CHANGED', { query: 'x' }))
    expect(selectNotification(kernel.getState())).toBe(first)
  })

  it('requestNotification leaves out a missing description', () => {
    expect(requestNotification('loading', 'Wait').payload).toEqual({ variant: 'loading', message: 'Wait' })
    expect(requestNotification('error', 'No', 'Why').payload).toEqual({ variant: 'error', message: 'No', description: 'Why' })
  })
})
