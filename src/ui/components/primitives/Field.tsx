/**
 * A plugin view's labelled fields: `TextInput` (an input) and `Select` (a native select), each with
 * its label (visible, or for screen readers only), a hint under it, and an error that replaces the
 * hint, marks the field invalid and is announced. The label, hint and error are tied to the field by
 * ids, so the plugin writes none of that wiring.
 *
 * ```tsx
 * <TextInput label={t('amount')} inputMode="decimal" value={text} error={problem} onChange={(e) => enter(e.currentTarget.value)} />
 * <Select label={t('currency')} value={id} onChange={(e) => choose(e.currentTarget.value)}>{options}</Select>
 * ```
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'

interface FieldProps {
  readonly label: string
  /** The label for screen readers only (a placeholder or the view's title says it on screen). */
  readonly labelHidden?: boolean
  /** Muted text under the field; `hintLive` announces its changes (a value worked out as typed). */
  readonly hint?: ReactNode
  readonly hintLive?: boolean
  /** Shown instead of the hint, in the danger colour; the field is marked invalid. */
  readonly error?: string | null | undefined
}

export type TextInputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>
export type SelectProps = FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>

/** The label, the control and the line under it; `control` gets the ids it must carry. */
function Field(props: FieldProps & { readonly control: (wiring: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode }) {
  const id = useId()
  const error = props.error === null || props.error === undefined || props.error === '' ? undefined : props.error
  const note = error === undefined ? props.hint : undefined
  const hasNote = note !== undefined && note !== null && note !== ''
  return (
    <div className="control">
      <label htmlFor={id} className={props.labelHidden ? 'visually-hidden' : 'label'}>
        {props.label}
      </label>
      {props.control({ id, describedBy: error !== undefined || hasNote ? `${id}-note` : undefined, invalid: error !== undefined })}
      {error !== undefined ? (
        <p id={`${id}-note`} className="note error" role="alert">
          {error}
        </p>
      ) : hasNote ? (
        <p id={`${id}-note`} className="note muted" aria-live={props.hintLive ? 'polite' : undefined}>
          {note}
        </p>
      ) : null}
    </div>
  )
}

export function TextInput(props: TextInputProps) {
  const { label, labelHidden, hint, hintLive, error, className, ...input } = props
  return (
    <Field
      {...{ label, labelHidden, hint, hintLive, error }}
      control={({ id, describedBy, invalid }) => (
        <input
          autoComplete="off"
          {...input}
          id={id}
          className={className ? `field ${className}` : 'field'}
          aria-invalid={invalid || input['aria-invalid'] === true || input['aria-invalid'] === 'true'}
          aria-describedby={describedBy}
        />
      )}
    />
  )
}

export function Select(props: SelectProps) {
  const { label, labelHidden, hint, hintLive, error, className, children, ...select } = props
  return (
    <Field
      {...{ label, labelHidden, hint, hintLive, error }}
      control={({ id, describedBy, invalid }) => (
        <select {...select} id={id} className={className ? `field ${className}` : 'field'} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
          {children}
        </select>
      )}
    />
  )
}
