/**
 * The socials plugin's storage (SPEC §3): its keys are its own (`@airlock/socials/<name>`), read
 * once when it loads and written as its slice changes, through the scoped `store`.
 */
import { filter, map } from 'rxjs'
import type { Effect } from 'airlock/plugin'
import type { AirlockEvent, EventOf } from 'airlock/plugin'
import { SocialProvider } from '../../embedded/protocol'
import * as t from 'io-ts'
import type { PortDeps } from 'airlock/plugin'
import { persistSlice } from 'airlock/plugin'

/** The plugin's storage keys (the module's `storage`): named as the slice fields they keep. */
export const socialsStorage = { provider: SocialProvider, username: t.string }

/** When the plugin loads, what its keys hold (a corrupt key reads as absent: the store resets it). */
export const restore: Effect<PortDeps> = (events$, _state$, { store }) =>
  events$.pipe(
    // Written out rather than ofType/createEvent: they would split shared chunks off the first load.
    filter((event): event is EventOf<'PLUGIN_LOADED'> => event.type === 'PLUGIN_LOADED' && event.payload.id === 'socials'),
    map((): AirlockEvent => ({
      type: 'SOCIALS_RESTORED',
      payload: { provider: store.read<SocialProvider>('provider') ?? null, username: store.read<string>('username') ?? null },
    })),
  )

/** Its keys follow the slice (SPEC §4: a cleared username is removed). */
export const persist = persistSlice('socials', { provider: 'provider', username: 'username' }, 'SOCIALS_RESTORED')
