/**
 * The names plugin's commands: what its views may do, each `(state, ...args) => events`, computed
 * on the state at the command's turn in the queue. Views call them through `useCommands().names`.
 */
import { goBackToIndex, selectHistory, createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import { typedLabel } from './label'
import { selectNameForm } from './selectors'

export const namesCommands = {
  /** The visitor typed in the name field. */
  enterLabel: (_state: RootState, text: string): AirlockEvent[] => [createEvent('NAME_LABEL_ENTERED', { text })],

  /** The visitor chose a suggested name: its label fills the field. */
  chooseSuggestion: (_state: RootState, name: string): AirlockEvent[] => [createEvent('NAME_LABEL_ENTERED', { text: typedLabel(name) })],

  /** Register: nothing unless the form can register now (a valid label, not taken, none under way). */
  register: (state: RootState): AirlockEvent[] => {
    const form = selectNameForm(state)
    if (!form.canRegister || form.name === null || form.caipNetworkId === null) return []
    return [createEvent('REGISTER_NAME_INITIATED', { name: form.name, caipNetworkId: form.caipNetworkId })]
  },

  /** RegisterAccountNameSuccess's button: back to Account. */
  backToAccount: (state: RootState): AirlockEvent[] => {
    const index = selectHistory(state).findIndex((route) => route.view === 'Account')
    return index >= 0 ? goBackToIndex(state, index) : []
  },
}
