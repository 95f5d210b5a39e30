/**
 * The email plugin's storage (SPEC §3): its keys are its own (`@airlock/email/<name>`), read once
 * when it loads and written as its slice changes, through the scoped `store`.
 */
import * as t from 'io-ts'
import { filter, map } from 'rxjs'
import type { Effect } from 'airlock/plugin'
import type { AirlockEvent, EventOf } from 'airlock/plugin'
import type { PortDeps } from 'airlock/plugin'
import { persistSlice } from 'airlock/plugin'

/** The plugin's storage keys (the module's `storage`). */
export const emailStorage = { lastLoginTime: t.number, loginUsed: t.boolean, email: t.string }

/** When the plugin loads, what its keys hold (a corrupt key reads as absent: the store resets it). */
export const restore: Effect<PortDeps> = (events$, _state$, { store }) =>
  events$.pipe(
    // Written out rather than ofType/createEvent: they would split shared chunks off the first load.
    filter((event): event is EventOf<'PLUGIN_LOADED'> => event.type === 'PLUGIN_LOADED' && event.payload.id === 'email'),
    map((): AirlockEvent => ({
      type: 'EMAIL_RESTORED',
      payload: {
        lastLoginAt: store.read<number>('lastLoginTime') ?? null,
        email: store.read<string>('email') ?? null,
        loginUsed: store.read<boolean>('loginUsed') ?? false,
      },
    })),
  )

/** Its keys follow the slice (SPEC §4: a cleared value is removed). */
export const persist = persistSlice('email', { lastLoginAt: 'lastLoginTime', loginUsed: 'loginUsed', email: 'email' }, 'EMAIL_RESTORED')
