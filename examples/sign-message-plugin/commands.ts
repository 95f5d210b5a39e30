/**
 * The plugin's commands: what its view may do, each `(state, ...args) => events`, computed on the
 * state at the command's turn in the queue. The view calls them through `useCommands().signMessage`.
 */
import { createEvent, type RootState } from 'airlock'

export const signMessageCommands = {
  /** Ask the wallet for a signature; nothing while one is being asked for (a double click signs once). */
  sign: (state: RootState) => (state.signMessage?.signing ? [] : [createEvent('EXAMPLE_SIGN_REQUESTED', {})]),
}
