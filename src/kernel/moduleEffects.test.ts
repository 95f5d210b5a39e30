import { describe, expect, it } from 'vitest'
import { Subject, filter, map, mergeMap, of, throwError, type Observable } from 'rxjs'
import { moduleEffects } from './moduleEffects'
import { defaultDeps, memoryStorage } from './deps'
import type { Command, Effect } from './module'
import type { AirlockEvent, RootState } from './registry'

const deps = defaultDeps({ storage: memoryStorage() })
const event = (type: string): AirlockEvent => ({ type, payload: {} }) as unknown as AirlockEvent

/** Run `effect` over a live event stream; what it emits, in order. */
function run(effect: Effect): { events: Subject<AirlockEvent>; out: (AirlockEvent | Command)[] } {
  const events = new Subject<AirlockEvent>()
  const out: (AirlockEvent | Command)[] = []
  effect(events, of({} as RootState), deps).subscribe((item) => out.push(item))
  return { events, out }
}

const types = (items: readonly (AirlockEvent | Command)[]) => items.map((item) => (typeof item === 'function' ? 'command' : item.type))

describe('moduleEffects: a lazy chunk’s effects run under the kernel’s rules', () => {
  // Echoes each MODAL_OPEN as MODAL_CLOSE; the other fails on every TRANSACTION_STACK_PUSHED.
  const echo: Effect = (events$) =>
    events$.pipe(
      filter((e) => e.type === 'MODAL_OPEN'),
      map(() => event('MODAL_CLOSE')),
    )
  const failing: Effect = (events$: Observable<AirlockEvent>) =>
    events$.pipe(
      filter((e) => e.type === 'TRANSACTION_STACK_PUSHED'),
      mergeMap(() => throwError(() => new Error('boom'))),
    )

  it('a failure is the module’s MODULE_ERROR under the effect’s hook, and the neighbour goes on', () => {
    const { events, out } = run(moduleEffects('catalog', { echo, failing }))
    events.next(event('TRANSACTION_STACK_PUSHED'))
    events.next(event('MODAL_OPEN'))
    expect(types(out)).toEqual(['MODULE_ERROR', 'MODAL_CLOSE'])
    expect((out[0] as AirlockEvent & { payload: { moduleId: string; hook: string } }).payload).toMatchObject({ moduleId: 'catalog', hook: 'effect:failing' })
  })

  it('the failed effect starts again: its next trigger is answered (and fails) again', () => {
    const { events, out } = run(moduleEffects('catalog', { failing }))
    events.next(event('TRANSACTION_STACK_PUSHED'))
    events.next(event('TRANSACTION_STACK_PUSHED'))
    expect(types(out)).toEqual(['MODULE_ERROR', 'MODULE_ERROR'])
  })

  it('an effect that throws while subscribing is reported once and stays stopped', () => {
    const broken: Effect = () => {
      throw new Error('no')
    }
    const { events, out } = run(moduleEffects('catalog', { broken, echo }))
    events.next(event('MODAL_OPEN'))
    expect(types(out)).toEqual(['MODULE_ERROR', 'MODAL_CLOSE'])
  })
})
