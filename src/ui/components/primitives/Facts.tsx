/**
 * A plugin view's summary of what it is about to do or has read (a quote, a preview): terms on the
 * left, values on the right, one fact a line, as a description list.
 *
 * ```tsx
 * <Facts label={t('quote')}>
 *   <Fact term={t('fee')}>{fee}</Fact>
 *   <Fact term={t('total')} testId="total">{total}</Fact>
 * </Facts>
 * ```
 */
import type { ReactNode } from 'react'

export function Facts(props: { readonly label?: string; readonly children: ReactNode }) {
  return (
    <dl className="facts" aria-label={props.label}>
      {props.children}
    </dl>
  )
}

export function Fact(props: { readonly term: ReactNode; readonly children: ReactNode; readonly testId?: string; readonly live?: boolean }) {
  return (
    <div className="fact">
      <dt>{props.term}</dt>
      <dd data-testid={props.testId} aria-live={props.live ? 'polite' : undefined}>
        {props.children}
      </dd>
    </div>
  )
}
