/**
 * The names plugin's slice: the registration form (SPEC §2 RegisterAccountName) — the label as
 * typed, the suggestions read for it, a registration under way, the last failure and the last name
 * registered (RegisterAccountNameSuccess shows it). The form starts over when the network
 * switches or the connection resets: a name is registered for one account on one chain.
 */
import type { Draft } from 'immer'
import type { AirlockEvent } from 'airlock/plugin'
import type { NameSuggestion, RegisterNameFailure } from './events'
import { labelProblem, typedLabel } from './label'

export type LookupStatus = 'idle' | 'loading' | 'ready' | 'failed'

export interface NamesState {
  /** The network the feature was last used on, so it can reset when the network changes. */
  readonly lastNetwork: string | null
  /** The field as typed. */
  readonly text: string
  /** The suggestions for `label` (lower case; '' when what is typed is no label, SPEC §5). */
  readonly lookup: { readonly label: string; readonly status: LookupStatus; readonly suggestions: readonly NameSuggestion[] }
  /** The full name being registered (signing, then submitting), or null. */
  readonly registering: string | null
  /** The last registration's failure, until the visitor types or tries again. */
  readonly failure: { readonly name: string; readonly reason: RegisterNameFailure } | null
  /** The name registered last: RegisterAccountNameSuccess shows it. */
  readonly registered: string | null
}

const idle = (): { label: string; status: LookupStatus; suggestions: NameSuggestion[] } => ({ label: '', status: 'idle', suggestions: [] })

export const initialNamesState: NamesState = { lastNetwork: null, text: '', lookup: idle(), registering: null, failure: null, registered: null }

const RESETS: ReadonlySet<string> = new Set(['NETWORK_SWITCHED', 'CONNECTION_RESET'])

export function reduceNames(draft: Draft<NamesState>, event: AirlockEvent): void {
  if (RESETS.has(event.type)) {
    Object.assign(draft, initialNamesState, {
      lookup: idle(),
      lastNetwork: event.type === 'NETWORK_SWITCHED' ? event.payload.caipNetworkId : draft.lastNetwork,
    })
    return
  }
  switch (event.type) {
    case 'NAME_LABEL_ENTERED': {
      const label = typedLabel(event.payload.text)
      draft.text = event.payload.text
      draft.failure = null
      draft.lookup = labelProblem(label) === null ? { label: label.toLowerCase(), status: 'loading', suggestions: [] } : idle()
      return
    }
    case 'NAME_SUGGESTIONS_RECEIVED':
      if (event.payload.label === draft.lookup.label) draft.lookup = { label: event.payload.label, status: 'ready', suggestions: event.payload.suggestions }
      return
    case 'NAME_SUGGESTIONS_FAILED':
      if (event.payload.label === draft.lookup.label) draft.lookup = { label: event.payload.label, status: 'failed', suggestions: [] }
      return
    case 'REGISTER_NAME_INITIATED':
      draft.registering = event.payload.name
      draft.failure = null
      return
    case 'REGISTER_NAME_SUCCESS':
      Object.assign(draft, { text: '', lookup: idle(), registering: null, failure: null, registered: event.payload.name })
      return
    case 'REGISTER_NAME_ERROR':
      draft.registering = null
      draft.failure = { name: event.payload.name, reason: event.payload.reason }
      return
  }
}
