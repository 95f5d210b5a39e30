/**
 * The email field of Connect (SPEC §1 "sign in with email"): a labelled email input and Continue,
 * which asks the embedded wallet for a one-time code. What went wrong (a cool-down, a failure)
 * shows under it, announced to screen readers.
 */
import { useId, useState } from 'react'
import { isEmail } from '../../../events/shapes/frameProtocol'
import { useAirlockState } from '../../../ui/react/useAirlockState'
import { useCommands } from '../../../ui/react/useCommands'
import { useModuleStrings } from '../../../ui/react/useModuleStrings'

export default function EmailLogin() {
  const t = useModuleStrings('email')
  const { email } = useCommands()
  const id = useId()
  const flow = useAirlockState((state) => state.email?.flow ?? null)
  const [text, setText] = useState('')
  const [invalid, setInvalid] = useState(false)
  const busy = flow?.step === 'requesting'
  // A failure before any code was sent belongs to this form; later ones to the code entry.
  const error = invalid ? t('invalidEmail') : flow?.step === 'idle' ? flow.error : null

  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const value = text.trim()
        if (!isEmail(value)) return setInvalid(true)
        setInvalid(false)
        email.submit(value)
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('label')}
      </label>
      <input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        className="field"
        placeholder={t('placeholder')}
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
