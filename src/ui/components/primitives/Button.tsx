/**
 * A plugin view's button, styled by the modal's stylesheet: `primary` (the view's one main action,
 * in the accent colour) or `secondary` (outlined). `busy` shows a spinner, sets `aria-busy` and
 * disables it, so a second click cannot send twice; `wide` takes the view's whole width.
 *
 * ```tsx
 * <Button variant="primary" wide busy={sending} onClick={send}>{t('send')}</Button>
 * ```
 */
import type { ButtonHTMLAttributes } from 'react'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: 'primary' | 'secondary'
  readonly busy?: boolean
  readonly wide?: boolean
}

export function Button(props: ButtonProps) {
  const { variant = 'secondary', busy = false, wide = false, className, type = 'button', disabled, children, ...rest } = props
  return (
    <button
      {...rest}
      type={type}
      className={[variant, wide ? 'wide' : '', className ?? ''].filter(Boolean).join(' ')}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  )
}
