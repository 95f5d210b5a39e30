/**
 * The email field of Connect (SPEC §1 "sign in with email"): a labelled email input and Continue,
 * which asks the embedded wallet for a one-time code. What went wrong (a cool-down, a failure)
 * shows under it, announced to screen readers.
 */
import { useAirlockState, useCommands } from 'airlock/plugin'
import { FieldForm } from '../FieldForm'

export default function EmailLogin() {
  const { email } = useCommands()
  const flow = useAirlockState((state) => state.email?.flow ?? null)
  return (
    <FieldForm
      kind="email"
      label="label"
      labelHidden
      placeholder="placeholder"
      submit="continue"
      busyLabel="sending"
      busy={flow?.step === 'requesting'}
      // A failure before any code was sent belongs to this form; later ones to the code entry.
      error={flow?.step === 'idle' ? flow.error : null}
      onSubmit={(value) => email.submit(value)}
    />
  )
}
