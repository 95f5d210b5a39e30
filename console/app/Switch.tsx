/** An on/off switch: a button with role="switch" and aria-checked, its label and hint by id. */
export function Switch({
  id,
  checked,
  label,
  hint,
  disabled,
  onChange,
}: {
  id: string
  checked: boolean
  label: string
  hint?: string
  disabled?: boolean
  onChange: (on: boolean) => void
}) {
  return (
    <div className="switch-row">
      <div className="switch-text">
        <span id={`${id}-label`} className="switch-label">
          {label}
        </span>
        {hint && (
          <span id={`${id}-hint`} className="hint">
            {hint}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        id={id}
        className="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
    </div>
  )
}
