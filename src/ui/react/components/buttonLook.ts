/**
 * What the page-side buttons share (buttons.tsx, and accountButton.tsx loaded with the first
 * connection): their props, their sizes, and `useLook`, the attributes each one's element takes.
 */
import type { ButtonHTMLAttributes } from 'react'
import { useButtonTheme } from './useButtonTheme'

export type ButtonSize = 'sm' | 'md' | 'lg'

/** What all three buttons take besides a native button's attributes. */
export interface AirlockButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children' | 'type'> {
  /** 32, 40 (the default) or 48 px high. */
  readonly size?: ButtonSize
  /** The icon or avatar alone; the text becomes the button's accessible name. */
  readonly compact?: boolean
}

export interface AccountButtonProps extends AirlockButtonProps {
  /** Show the native balance beside the account (default true). */
  readonly showBalance?: boolean
}

export const ICON_PX: Readonly<Record<ButtonSize, number>> = { sm: 20, md: 24, lg: 28 }

/** The attributes every button shares: class names, size, theme, and the ref that styles it. */
export function useLook(props: AirlockButtonProps, kind: 'connect' | 'account' | 'network') {
  const { size = 'md', compact = false, className, ...rest } = props
  const theme = useButtonTheme()
  return {
    rest,
    size,
    compact,
    attributes: {
      ref: theme.ref,
      type: 'button' as const,
      className: `airlock-button airlock-${kind}-button${className ? ` ${className}` : ''}`,
      'data-size': size,
      'data-theme': theme.mode,
      'data-compact': compact ? '' : undefined,
    },
  }
}
