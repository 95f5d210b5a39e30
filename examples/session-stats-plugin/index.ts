/** The session-stats plugin's module: its state, its event and one effect. */
import * as t from 'io-ts'
import { filter, map, withLatestFrom } from 'rxjs'
import { createEvent, defineEvent, defineModule, ofType } from '../../src/index'

/** The plugin's own event: a codec and a type of the same name. */
export const SessionStatsMilestone = defineEvent('SESSION_STATS_MILESTONE', t.type({ opens: t.number }))
export type SessionStatsMilestone = t.TypeOf<typeof SessionStatsMilestone>

export interface SessionStatsState {
  readonly opens: number
  readonly connects: number
}

// Register the event and the slice with the compiler, so `ofType` and selectors are checked.
declare module '../../src/kernel/registry' {
  interface EventRegistry {
    SESSION_STATS_MILESTONE: SessionStatsMilestone
  }
  interface StateRegistry {
    sessionStats?: SessionStatsState
  }
}

export default defineModule<SessionStatsState>({
  id: 'sessionStats',
  initialState: { opens: 0, connects: 0 },
  reduce(draft, event) {
    if (event.type === 'MODAL_OPEN') draft.opens += 1
    else if (event.type === 'CONNECT_SUCCESS') draft.connects += 1
  },
  effects: {
    // Reads state after the reducers ran (state$ emits before events$), so `opens` is current.
    milestone: (events$, state$) =>
      events$.pipe(
        ofType('MODAL_OPEN'),
        withLatestFrom(state$),
        map(([, state]) => state.sessionStats?.opens ?? 0),
        filter((opens) => opens > 0 && opens % 3 === 0),
        map((opens) => createEvent('SESSION_STATS_MILESTONE', { opens })),
      ),
  },
  events: { SESSION_STATS_MILESTONE: SessionStatsMilestone },
  publicEvents: ['SESSION_STATS_MILESTONE'],
})
