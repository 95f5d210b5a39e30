/** Change the email of the embedded wallet (SPEC §4 email update): the new address first. */
import { useId, useState } from 'react'
import { isEmail } from '../../../events/shapes/frameProtocol'
import { useAirlockState } from '../../../ui/react/useAirlockState'
import { useCommands } from '../../../ui/react/useCommands'
import { useModuleStrings } from '../../../ui/react/useModuleStrings'

export default function UpdateEmail() {
  const t = useModuleStrings('email')
  const { email } = useCommands()
  const id = useId()
  const update = useAirlockState((state) => state.email?.update ?? null)
  const [text, setText] = useState('')
  const [invalid, setInvalid] = useState(false)
  const error = invalid ? t('invalidEmail') : (update?.error ?? null)
  const busy = update?.step === 'requesting'
  return (
    <form
      className="body inline-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const value = text.trim()
        if (!isEmail(value)) return setInvalid(true)
        setInvalid(false)
        email.update(value)
      }}
    >
      <label htmlFor={id}>{t('newEmail')}</label>
      <input
        id={id}
        type="email"
        className="field"
        autoComplete="email"
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
        {busy ? t('sending') : t('continue')}
      </button>
      {error !== null ? (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
