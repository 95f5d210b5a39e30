/**
 * The names plugin's module (SPEC §1 "Register a name-service name (eip155)"): the Account action
 * "Register name" (for an account with no name yet) opens RegisterAccountName — a label in the
 * branded zone (SPEC §9 suffixes), checked as it is typed (SPEC §5), its availability and free
 * suggestions read as it is typed (SPEC §7 suggestions) — whose Register signs the registration
 * message in the wallet and submits it (SPEC §4), then RegisterAccountNameSuccess. The identity
 * plugin reads the account's name again after REGISTER_NAME_SUCCESS, so Account shows it. Its
 * views and effects are chunks of their own, loaded when first shown and at the form's first step.
 */
import { defineModule, type Effect, lazyEffects, createEvent, type PortDeps } from 'airlock/plugin'
import { namesEvents } from './events'
import { initialNamesState, reduceNames, type NamesState } from './state'
import { namesCommands } from './commands'
import { NAME_MESSAGES } from './messages'
import { strings } from './stringsByLocale'
import { NAMES_NAMESPACES } from './namespaces'
import type * as EffectsChunkModule from './effects'

type EffectsChunk = typeof EffectsChunkModule

export type { NamesState } from './state'

declare module 'airlock/plugin' {
  interface StateRegistry {
    names?: NamesState
  }
  interface ViewRegistry {
    RegisterAccountName: true
    RegisterAccountNameSuccess: true
  }
  interface CommandRegistry {
    names: typeof namesCommands
  }
}

/** The form's steps that need the effects: a name typed (suggestions are read), Register. */
const NEEDS: ReadonlySet<string> = new Set(['NAME_LABEL_ENTERED', 'REGISTER_NAME_INITIATED'])

/**
 * The effects are a chunk of their own (./effects), loaded at the form's first step. Should it fail
 * to load, a Register waiting for it fails rather than waiting forever.
 */
const effects: Effect<PortDeps> = (events$, state$, deps) =>
  lazyEffects<EffectsChunk, PortDeps>({
    what: 'names',
    needs: (event) => NEEDS.has(event.type),
    load: () => import('./effects'),
    effect: (chunk) => chunk.namesEffects,
    failure: (events) =>
      events.flatMap((event) =>
        event.type === 'REGISTER_NAME_INITIATED'
          ? [
              createEvent('REGISTER_NAME_ERROR', {
                name: event.payload.name,
                message: NAME_MESSAGES.register.replace('{name}', event.payload.name),
                reason: 'failed',
                details: null,
              }),
            ]
          : [],
      ),
  })(events$, state$, deps)

export default defineModule({
  id: 'names',
  initialState: initialNamesState,
  reduce: reduceNames,
  events: namesEvents.codecs,
  publicEvents: namesEvents.public,
  effects: { names: effects },
  views: {
    RegisterAccountName: () => import('./views/RegisterAccountName'),
    RegisterAccountNameSuccess: () => import('./views/RegisterAccountNameSuccess'),
  },
  strings,
  commands: namesCommands,
  accountActions: [{ id: 'names', label: 'action', view: 'RegisterAccountName', namespaces: NAMES_NAMESPACES, unnamedOnly: true }],
})
