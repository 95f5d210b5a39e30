/** The frame's approval queue (DESIGN "The secure frame decides"; SPEC §9 "Pending transactions limit 99"). */
import { describe, expect, it } from 'vitest'
import { APPROVAL_QUEUE_LIMIT, createApprovalQueue } from './queue'
import { translator } from './strings'

const request = (id: string) => ({ id, method: 'personal_sign', params: ['0x01'], chainId: 1 })
const noTimers = { setTimer: () => 0, clearTimer: () => undefined }

describe('the approval queue', () => {
  it('shows the oldest; each request ends once, approved or rejected (4001); a decided one cannot be decided again', async () => {
    let changes = 0
    const queue = createApprovalQueue({ onChange: () => (changes += 1), ...noTimers })
    const a = queue.ask(request('a'))
    const b = queue.ask(request('b'))
    expect(queue.current()).toEqual({ request: request('a'), behind: 1 })
    expect(queue.decide('a', true)).toBe(true)
    await expect(a).resolves.toBeUndefined()
    expect(queue.decide('a', false)).toBe(false)
    expect(queue.current()?.request.id).toBe('b')
    queue.decide('b', false)
    await expect(b).rejects.toMatchObject({ code: 4001, message: 'User rejected the request' })
    expect(queue.current()).toBeNull()
    expect(changes).toBe(4)
  })

  it('holds at most 99: the 100th is refused at once with -32005; a reused id is refused; cancel() ends them all with "Request was aborted"', async () => {
    const queue = createApprovalQueue({ onChange: () => undefined, ...noTimers })
    const waiting = Array.from({ length: APPROVAL_QUEUE_LIMIT }, (_, i) => queue.ask(request(`r${i}`)))
    await expect(queue.ask(request('one-too-many'))).rejects.toMatchObject({ code: -32005 })
    expect(queue.current()?.behind).toBe(APPROVAL_QUEUE_LIMIT - 1)
    queue.cancel('r5')
    await expect(queue.ask(request('r0'))).rejects.toMatchObject({ code: 4001 })
    queue.cancel()
    const outcomes = await Promise.allSettled(waiting)
    expect(outcomes.every((o) => o.status === 'rejected' && (o.reason as { message: string }).message === 'Request was aborted')).toBe(true)
    expect(queue.current()).toBeNull()
  })
})

describe('the approval view’s strings', () => {
  it('speak the locale asked (de-AT → de), English otherwise, with placeholders filled', () => {
    expect(translator('de-AT')('approve')).toBe('Bestätigen')
    expect(translator('fr')('approve')).toBe('Approve')
    expect(translator(undefined)('more', { count: 2 })).toBe('2 more requests waiting')
  })
})
