import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { notificationsModule } from './module'
import { requestNotification } from './commands'

function start() {
  const scheduler = new VirtualTimeScheduler()
  const kernel = createKernel({ modules: [notificationsModule], deps: defaultDeps({ storage: memoryStorage(), scheduler }) })
  /** Run every timer due up to `ms` of virtual time. */
  const advanceTo = (ms: number): void => {
    // A no-op at `ms` moves the virtual clock there even when no timer is due.
    scheduler.schedule(() => undefined, ms - scheduler.now())
    scheduler.maxFrames = ms
    scheduler.flush()
  }
  /** The banner events so far: `shown <id> <message>` or `closed`. */
  const banner = (): string[] =>
    kernel
      .log()
      .filter((e: AirlockEvent) => e.type === 'NOTIFICATION_SHOWN' || e.type === 'NOTIFICATION_CLOSED')
      .map((e) => (e.type === 'NOTIFICATION_SHOWN' ? `shown ${e.payload.id} ${'message' in e.payload ? e.payload.message : e.payload.key}` : 'closed'))
  return { kernel, scheduler, advanceTo, banner }
}

describe('showNotifications (SPEC §2 notification banner)', () => {
  it('shows a banner at once when none is open, with id 1', () => {
    const { kernel, banner } = start()
    kernel.dispatch(requestNotification('loading', { message: 'Connecting' }))
    expect(banner()).toEqual(['shown 1 Connecting'])
    expect(kernel.getState().notifications).toMatchObject({ open: true, id: 1, variant: 'loading', text: { message: 'Connecting' } })
  })

  it('when one is open it closes now and the new one opens after 150 ms (SPEC §2, §9)', () => {
    const { kernel, advanceTo, banner } = start()
    kernel.dispatch(requestNotification('loading', { message: 'Connecting' }))
    kernel.dispatch(requestNotification('success', { message: 'Connected', description: 'All good' }))
    expect(banner()).toEqual(['shown 1 Connecting', 'closed'])
    expect(kernel.getState().notifications.open).toBe(false)
    advanceTo(149)
    expect(banner()).toEqual(['shown 1 Connecting', 'closed'])
    advanceTo(150)
    expect(banner()).toEqual(['shown 1 Connecting', 'closed', 'shown 2 Connected'])
    expect(kernel.getState().notifications).toEqual({ open: true, id: 2, variant: 'success', text: { message: 'Connected', description: 'All good' } })
  })

  it('a newer request while one waits cancels the older one, and still waits 150 ms (SPEC §2)', () => {
    const { kernel, advanceTo, banner } = start()
    kernel.dispatch(requestNotification('loading', { message: 'A' }))
    kernel.dispatch(requestNotification('loading', { message: 'B' }))
    advanceTo(100)
    kernel.dispatch(requestNotification('loading', { message: 'C' }))
    advanceTo(249)
    expect(banner()).toEqual(['shown 1 A', 'closed'])
    advanceTo(250)
    expect(banner()).toEqual(['shown 1 A', 'closed', 'shown 2 C'])
  })

  it('success and error banners close themselves after 3 s (SPEC §9 other durations)', () => {
    for (const variant of ['success', 'error'] as const) {
      const { kernel, advanceTo, banner } = start()
      kernel.dispatch(requestNotification(variant, { message: 'Done' }))
      advanceTo(2_999)
      expect(kernel.getState().notifications.open).toBe(true)
      advanceTo(3_000)
      expect(kernel.getState().notifications.open).toBe(false)
      expect(banner()).toEqual(['shown 1 Done', 'closed'])
    }
  })

  it('a loading banner stays until replaced or closed (SPEC §2)', () => {
    const { kernel, scheduler, banner } = start()
    kernel.dispatch(requestNotification('loading', { message: 'Wait' }))
    scheduler.flush()
    expect(kernel.getState().notifications.open).toBe(true)
    kernel.dispatch(createEvent('NOTIFICATION_CLOSED', {}))
    expect(kernel.getState().notifications.open).toBe(false)
    expect(banner()).toEqual(['shown 1 Wait', 'closed'])
  })

  it('the 3 s close of a replaced banner does not close its successor (SPEC §2)', () => {
    const { kernel, advanceTo, banner } = start()
    kernel.dispatch(requestNotification('success', { message: 'First' }))
    advanceTo(2_000)
    kernel.dispatch(requestNotification('loading', { message: 'Second' }))
    advanceTo(10_000)
    expect(banner()).toEqual(['shown 1 First', 'closed', 'shown 2 Second'])
    expect(kernel.getState().notifications.open).toBe(true)
  })

  it('a banner closed by hand is not closed again by its timer, and the next one opens at once', () => {
    const { kernel, advanceTo, banner } = start()
    kernel.dispatch(requestNotification('error', { message: 'Oops' }))
    advanceTo(1_000)
    kernel.dispatch(createEvent('NOTIFICATION_CLOSED', {}))
    advanceTo(5_000)
    expect(banner()).toEqual(['shown 1 Oops', 'closed'])
    kernel.dispatch(requestNotification('success', { message: 'Again' }))
    expect(banner()).toEqual(['shown 1 Oops', 'closed', 'shown 2 Again'])
  })

  it('ids keep increasing across banners', () => {
    const { kernel, scheduler } = start()
    for (const message of ['a', 'b', 'c']) {
      kernel.dispatch(requestNotification('success', { message: message }))
      scheduler.flush()
    }
    const ids = kernel.log().flatMap((e) => (e.type === 'NOTIFICATION_SHOWN' ? [e.payload.id] : []))
    expect(ids).toEqual([1, 2, 3])
  })
})
