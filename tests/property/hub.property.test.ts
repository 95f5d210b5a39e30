/**
 * The kernel's event hub (src/kernel/hub.ts) against an RxJS Subject, the stream it replaced.
 * Rule checked: for any program of subscriptions (to every event, or through `ofType` to a few
 * types), unsubscriptions, events and a final completion — including subscribers that, while an
 * event is being handed out, unsubscribe another subscriber or subscribe a new one — every
 * subscriber receives exactly what it would receive from a Subject piped through `filter`, and the
 * subscribers receive each event in the same order (subscription order), so effects that answer
 * the same event queue their answers in the same order as before.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Subject, type Observable, type Subscription } from 'rxjs'
import { createHub } from '../../src/kernel/hub'
import { ofType } from '../../src/kernel/operators'
import type { AirlockEvent, EventType } from '../../src/kernel/registry'
import { runs } from './settings'

const TYPES = ['MODAL_OPEN', 'MODAL_CLOSE', 'ROUTER_BACK', 'NETWORK_SWITCHED'] as const satisfies readonly EventType[]

/** What a subscriber does on the `at`-th event it receives (counting from 0). */
type Reaction = { at: number; unsubscribe: number } | { at: number; subscribe: readonly EventType[] | null }

type Step =
  | { kind: 'subscribe'; types: readonly EventType[] | null; reaction: Reaction | null }
  | { kind: 'unsubscribe'; index: number }
  | { kind: 'next'; type: EventType }

const types = fc.option(fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }), { nil: null })
const reaction: fc.Arbitrary<Reaction | null> = fc.option(
  fc.oneof(fc.record({ at: fc.nat(3), unsubscribe: fc.nat(7) }), fc.record({ at: fc.nat(3), subscribe: types })),
  { nil: null },
)
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('subscribe' as const), types, reaction }),
  fc.record({ kind: fc.constant('unsubscribe' as const), index: fc.nat(7) }),
  fc.record({ kind: fc.constant('next' as const), type: fc.constantFrom(...TYPES) }),
  fc.record({ kind: fc.constant('next' as const), type: fc.constantFrom(...TYPES) }),
)

/** Run `program` on a stream; the log of what each subscriber (by its number) received, and completions. */
function run(program: readonly Step[], events$: Observable<AirlockEvent>, next: (event: AirlockEvent) => void, complete: () => void): string[] {
  const log: string[] = []
  const subscriptions: Subscription[] = []
  const subscribe = (wanted: readonly EventType[] | null, react: Reaction | null): void => {
    const id = subscriptions.length
    let seen = 0
    const stream = wanted ? events$.pipe(ofType(...wanted)) : events$
    subscriptions.push(
      stream.subscribe({
        next: (event) => {
          log.push(`${id} ← ${event.type} #${(event.payload as { n: number }).n}`)
          if (react && seen++ === react.at) {
            if ('unsubscribe' in react) subscriptions[react.unsubscribe]?.unsubscribe()
            else subscribe(react.subscribe, null)
          }
        },
        complete: () => log.push(`${id} complete`),
      }),
    )
  }
  program.forEach((item, n) => {
    if (item.kind === 'subscribe') subscribe(item.types, item.reaction)
    else if (item.kind === 'unsubscribe') subscriptions[item.index]?.unsubscribe()
    else next({ type: item.type, payload: { n } } as unknown as AirlockEvent)
  })
  complete()
  return log
}

describe('the event hub', () => {
  it('hands every subscriber what a Subject with filters would, in the same order', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (program) => {
        const subject = new Subject<AirlockEvent>()
        const expected = run(
          program,
          subject.asObservable(),
          (event) => subject.next(event),
          () => subject.complete(),
        )
        const hub = createHub()
        const actual = run(
          program,
          hub.events$,
          (event) => hub.next(event),
          () => hub.complete(),
        )
        expect(actual).toEqual(expected)
      }),
      runs(),
    )
  })

  it('a subscriber through ofType is handed only its types (no filter runs for the others)', () => {
    const hub = createHub()
    const got: string[] = []
    hub.events$.pipe(ofType('MODAL_OPEN')).subscribe((event) => got.push(event.type))
    hub.next({ type: 'ROUTER_BACK', payload: {} })
    hub.next({ type: 'MODAL_OPEN', payload: { connected: false } })
    expect(got).toEqual(['MODAL_OPEN'])
    // `only` is what ofType uses: a stream of those types alone, without a filter.
    const only: string[] = []
    hub.events$.only(new Set(['ROUTER_BACK'])).subscribe((event) => only.push(event.type))
    hub.next({ type: 'ROUTER_BACK', payload: {} })
    hub.next({ type: 'MODAL_OPEN', payload: { connected: false } })
    expect(only).toEqual(['ROUTER_BACK'])
  })
})
