/**
 * A one-time code entry: a labelled six-digit input (numeric keyboard, one-time-code autofill),
 * its submit, and the error under it. Shared by the sign-in and the email change.
 */
import { useId, useState } from 'react'
import { Otp } from '../../events/shapes/frameProtocol'
import { useModuleStrings } from '../../ui/react/useModuleStrings'

export function CodeEntry(props: { readonly busy: boolean; readonly error: string | null; readonly onSubmit: (otp: string) => void }) {
  const t = useModuleStrings('email')
  const id = useId()
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState(false)
  const error = invalid ? t('invalidCode') : props.error
  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const value = code.trim()
        if (!Otp.is(value)) return setInvalid(true)
        setInvalid(false)
        props.onSubmit(value)
      }}
    >
      <label htmlFor={id}>{t('code')}</label>
      <input
        id={id}
        name="otp"
        className="field code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      <button type="submit" className="primary" disabled={props.busy} aria-busy={props.busy}>
        {props.busy ? t('verifying') : t('verify')}
      </button>
      {error !== null ? (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
