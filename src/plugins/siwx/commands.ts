/**
 * The siwx plugin's commands, called by SIWXSignMessage through `useCommands().siwx`.
 */
import { createEvent, type AirlockEvent, type RootState, closeModal } from 'airlock/plugin'

export const siwxCommands = {
  /** Sign: nothing while a sign-in is under way (a double click signs once). */
  sign: (state: RootState): AirlockEvent[] => (state.siwx?.signing ? [] : [createEvent('SIWX_SIGN_REQUESTED', {})]),

  /**
   * Cancel (SPEC §4): disconnects when sign-in is required, otherwise closes; then the modal is
   * reset to Connect.
   */
  cancel: (state: RootState): AirlockEvent[] => {
    const required = state.options.resolved?.siwx?.required ?? false
    const leave = required ? [createEvent('DISCONNECT_REQUESTED', { namespace: null })] : closeModal(state)
    return [...leave, createEvent('ROUTER_RESET', { view: 'Connect' })]
  },
}
