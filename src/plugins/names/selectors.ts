/**
 * What the registration views show and the Register command checks, derived from the state: the
 * label typed and its problem (SPEC §5), whether the name is free (the suggestions' first entry is
 * the name asked for, SPEC §7 /v1/profile/suggestions), the free names suggested, and whether the
 * active account can register at all (SPEC §9 names: eip155).
 */
import { selectConnectedAccount, selectActiveNetwork, type RootState } from 'airlock/plugin'
import { fullName, labelProblem, typedLabel, type LabelProblem } from './label'
import { initialNamesState, type NamesState } from './state'
import type { NameSuggestion } from './events'
import { NAMES_NAMESPACES } from './namespaces'

/** Whether the typed name is free: not asked yet (no label), being asked, free, taken, or unknown (the lookup failed). */
export type Availability = 'none' | 'checking' | 'available' | 'taken' | 'unknown'

export interface NameForm {
  readonly names: NamesState
  /** An account is connected in a namespace with names (SPEC §9). */
  readonly supported: boolean
  readonly address: string | null
  readonly caipNetworkId: string | null
  /** The label as typed, without a zone suffix. */
  readonly label: string
  readonly problem: LabelProblem | null
  /** The full name the label registers; null while it cannot be registered. */
  readonly name: string | null
  readonly availability: Availability
  /** Free names to choose instead (the name asked for is not among them). */
  readonly suggestions: readonly NameSuggestion[]
  /** The visitor may press Register now. */
  readonly canRegister: boolean
}

function availability(names: NamesState, name: string | null): Availability {
  if (name === null) return 'none'
  const { status, suggestions } = names.lookup
  if (status === 'loading') return 'checking'
  if (status !== 'ready') return 'unknown'
  const asked = suggestions.find((s) => s.name === name)
  return asked === undefined ? 'unknown' : asked.registered ? 'taken' : 'available'
}

let last: { readonly key: readonly unknown[]; readonly form: NameForm } | undefined

/**
 * The registration form. The same state gives the same object (for useSyncExternalStore).
 *
 * ```ts
 * selectNameForm(state).problem // 'short' for "abc"
 * selectNameForm(state).availability // 'taken' for "demo"
 * ```
 */
export function selectNameForm(root: RootState): NameForm {
  const names = root.names ?? initialNamesState
  const account = selectConnectedAccount(root, NAMES_NAMESPACES)
  const network = selectActiveNetwork(root)
  const key = [names, account, network]
  if (last && last.key.every((part, i) => part === key[i])) return last.form

  const supported = account !== undefined && network !== null
  const label = typedLabel(names.text)
  const problem = labelProblem(label)
  const name = problem === null ? fullName(label) : null
  const free = availability(names, name)
  const form: NameForm = {
    names,
    supported,
    address: supported ? (account?.address ?? null) : null,
    caipNetworkId: supported ? (network?.caipNetworkId ?? null) : null,
    label,
    problem,
    name,
    availability: free,
    suggestions: names.lookup.suggestions.filter((s) => !s.registered && s.name !== name),
    canRegister: supported && name !== null && names.registering === null && (free === 'available' || free === 'unknown'),
  }
  last = { key, form }
  return form
}
