/**
 * The attributes of Airlock's custom elements, decoded: they come from the page's markup, so each
 * is checked (io-ts) and a value that is not one of the allowed ones is ignored (the button's
 * default applies), never passed on as it is.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'

const Size = t.keyof({ sm: null, md: null, lg: null })

/** The attributes every element observes, as the page writes them. */
export const OBSERVED_ATTRIBUTES = ['label', 'size', 'compact', 'show-balance'] as const

export interface ElementProps {
  readonly label?: string
  readonly size?: t.TypeOf<typeof Size>
  readonly compact?: boolean
  readonly showBalance?: boolean
}

/**
 * The button props the element's attributes give: `label` (text), `size` (`sm`, `md`, `lg`),
 * `compact` (present or not), `show-balance="false"` (hides the balance).
 *
 * ```ts
 * elementProps((name) => element.getAttribute(name)) // { size: 'sm', compact: true }
 * ```
 */
export function elementProps(read: (name: string) => string | null): ElementProps {
  const label = read('label')
  const size = Size.decode(read('size'))
  const balance = read('show-balance')
  return {
    ...(label !== null && label.trim() !== '' && { label }),
    ...(isRight(size) && { size: size.right }),
    ...(read('compact') !== null && { compact: true }),
    ...(balance !== null && { showBalance: balance !== 'false' }),
  }
}
