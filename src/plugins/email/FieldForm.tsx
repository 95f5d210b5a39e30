/**
 * The email plugin's one-field forms: an email address (sign-in, email change) or a six-digit
 * code. One labelled input, checked before it is sent (SPEC §5: email fields must be valid
 * emails), its submit button, and the error under it, announced to screen readers.
 */
import { useId, useState } from 'react'
import { isEmail, Otp } from '../../embedded/protocol'
import { useModuleStrings, Button } from 'airlock/plugin'

const KINDS = {
  email: {
    valid: (value: string) => isEmail(value),
    invalid: 'invalidEmail',
    input: { type: 'email', name: 'email', autoComplete: 'email', inputMode: 'email' },
    className: 'field',
    clean: (value: string) => value,
  },
  otp: {
    valid: (value: string) => Otp.is(value),
    invalid: 'invalidCode',
    input: { name: 'otp', autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6 },
    className: 'field code',
    clean: (value: string) => value.replace(/\D/g, ''),
  },
} as const

export interface FieldFormProps {
  readonly kind: keyof typeof KINDS
  /** String keys of the email plugin: the field's label, the button, and the button while busy. */
  readonly label: string
  readonly submit: string
  readonly busyLabel: string
  /** The label is read by screen readers only (the placeholder shows it). */
  readonly labelHidden?: boolean
  readonly placeholder?: string
  readonly busy: boolean
  readonly error: string | null
  readonly className?: string
  readonly onSubmit: (value: string) => void
}

export function FieldForm(props: FieldFormProps) {
  const t = useModuleStrings('email')
  const id = useId()
  const kind = KINDS[props.kind]
  const [text, setText] = useState('')
  const [invalid, setInvalid] = useState(false)
  const error = invalid ? t(kind.invalid) : props.error
  return (
    <form
      className={props.className ?? 'inline-form'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const value = text.trim()
        if (!kind.valid(value)) return setInvalid(true)
        setInvalid(false)
        props.onSubmit(value)
      }}
    >
      <label htmlFor={id} className={props.labelHidden ? 'visually-hidden' : undefined}>
        {t(props.label)}
      </label>
      <input
        id={id}
        {...kind.input}
        className={kind.className}
        placeholder={props.placeholder === undefined ? undefined : t(props.placeholder)}
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        onChange={(event) => setText(kind.clean(event.target.value))}
      />
      <Button type="submit" variant="primary" busy={props.busy}>
        {props.busy ? t(props.busyLabel) : t(props.submit)}
      </Button>
      {error !== null ? (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
