/** Change the email of the embedded wallet (SPEC §4 email update): the new address first. */
import { useAirlockState, useCommands } from 'airlock/plugin'
import { FieldForm } from '../FieldForm'

export default function UpdateEmail() {
  const { email } = useCommands()
  const update = useAirlockState((state) => state.email?.update ?? null)
  return (
    <FieldForm
      kind="email"
      className="body inline-form"
      label="newEmail"
      submit="continue"
      busyLabel="sending"
      busy={update?.step === 'requesting'}
      error={update?.error ?? null}
      onSubmit={(value) => email.update(value)}
    />
  )
}
