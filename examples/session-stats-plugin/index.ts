/** The session-stats plugin's module: its state, its events, one effect, a view, strings and an Account action. */
import * as t from 'io-ts'
import { filter, map, withLatestFrom } from 'rxjs'
import { createEvent, defineEvent, defineModule, ofType, type RootState } from '../../src/index'
import { de, en } from './strings'

/** The plugin's own events: a codec and a type of the same name. */
export const SessionStatsMilestone = defineEvent('SESSION_STATS_MILESTONE', t.type({ opens: t.number }))
export type SessionStatsMilestone = t.TypeOf<typeof SessionStatsMilestone>
export const SessionStatsReset = defineEvent('SESSION_STATS_RESET', t.type({}))
export type SessionStatsReset = t.TypeOf<typeof SessionStatsReset>

export interface SessionStatsState {
  readonly opens: number
  readonly connects: number
}

/** The plugin's commands, called from its view through `useCommands().sessionStats`. */
const commands = {
  reset: (_state: RootState) => [createEvent('SESSION_STATS_RESET', {})],
}

// Register the events, the slice, the view and the commands with the compiler.
declare module '../../src/kernel/registry' {
  interface EventRegistry {
    SESSION_STATS_MILESTONE: SessionStatsMilestone
    SESSION_STATS_RESET: SessionStatsReset
  }
  interface StateRegistry {
    sessionStats?: SessionStatsState
  }
}
declare module '../../src/index' {
  interface ViewRegistry {
    SessionStats: true
  }
  interface CommandRegistry {
    sessionStats: typeof commands
  }
}

export default defineModule<SessionStatsState>({
  id: 'sessionStats',
  initialState: { opens: 0, connects: 0 },
  reduce(draft, event) {
    if (event.type === 'MODAL_OPEN') draft.opens += 1
    else if (event.type === 'CONNECT_SUCCESS') draft.connects += 1
    else if (event.type === 'SESSION_STATS_RESET') return { opens: 0, connects: 0 }
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
  events: { SESSION_STATS_MILESTONE: SessionStatsMilestone, SESSION_STATS_RESET: SessionStatsReset },
  publicEvents: ['SESSION_STATS_MILESTONE'],
  // The view's code is its own chunk: it loads when a visitor first opens the view.
  views: { SessionStats: () => import('./views/SessionStatsView') },
  strings: { en, de },
  accountActions: [{ id: 'sessionStats', label: 'action', view: 'SessionStats', namespaces: ['eip155', 'solana', 'bip122'] }],
  commands,
})
