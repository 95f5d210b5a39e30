import { describe, expect, it } from 'vitest'
import { BehaviorSubject, Subject } from 'rxjs'
import { produce } from 'immer'
import { createEvent, type AirlockEvent, type RootState, type Command } from 'airlock/plugin'
import { closeLock, SIGN_AND_APPROVE_VIEWS } from './effects'
import siwx from './index'

const root = (required: boolean | null, hasSession: boolean): RootState =>
  ({ options: { resolved: { siwx: required === null ? null : { required } } }, siwx: { hasSession } }) as unknown as RootState

function run(states: RootState[]): (AirlockEvent | Command)[] {
  const state$ = new BehaviorSubject(states[0] as RootState)
  const out: (AirlockEvent | Command)[] = []
  const sub = closeLock(new Subject<AirlockEvent>(), state$, {} as never).subscribe((e) => out.push(e))
  for (const s of states.slice(1)) state$.next(s)
  sub.unsubscribe()
  return out
}

describe('siwx plugin', () => {
  it('holds the close lock on the sign and approve views while sign-in is required and no session exists (SPEC §2)', () => {
    expect(run([root(true, false), root(true, false), root(true, true), root(true, false)])).toEqual([
      createEvent('CLOSE_LOCKED', { by: 'siwx', views: SIGN_AND_APPROVE_VIEWS }),
      createEvent('CLOSE_UNLOCKED', { by: 'siwx' }),
      createEvent('CLOSE_LOCKED', { by: 'siwx', views: SIGN_AND_APPROVE_VIEWS }),
    ])
    expect(SIGN_AND_APPROVE_VIEWS).toEqual(['SIWXSignMessage', 'ApproveTransaction'])
  })

  it('holds no lock when sign-in is optional or not configured (SPEC §2)', () => {
    expect(run([root(false, false), root(null, false), root(true, true)])).toEqual([])
  })

  it('keeps whether a session exists; a disconnect ends it (SPEC §4 sign-in)', () => {
    const reduce = (state: typeof siwx.initialState, event: AirlockEvent) => produce(state, (d) => void siwx.reduce?.(d, event, {} as RootState))
    const signedIn = reduce(siwx.initialState, createEvent('SIWX_SESSION_CHANGED', { hasSession: true }))
    expect(signedIn.hasSession).toBe(true)
    expect(reduce(signedIn, createEvent('DISCONNECT_SUCCESS', { namespace: null })).hasSession).toBe(false)
    // Only the signed-in (active) namespace's disconnect ends it; another namespace leaving keeps it (issue 28 §5).
    const activeOn = (namespace: string) => ({ networks: { activeNamespace: namespace } }) as unknown as RootState
    const after = (event: AirlockEvent, on: string) => produce(signedIn, (d) => void siwx.reduce?.(d, event, activeOn(on)))
    expect(after(createEvent('DISCONNECT_SUCCESS', { namespace: 'solana' }), 'eip155').hasSession).toBe(true)
    expect(after(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }), 'bip122').hasSession).toBe(true)
    expect(after(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }), 'eip155').hasSession).toBe(false)
    expect(siwx.events).toHaveProperty('SIWX_SESSION_CHANGED')
  })
})
