/**
 * A titled part of a plugin view (a region named by its heading), spaced as the modal's own.
 *
 * ```tsx
 * <Section title={t('recent')}><List>{rows}</List></Section>
 * ```
 */
import { useId, type ReactNode } from 'react'

export function Section(props: { readonly title: string; readonly children: ReactNode }) {
  const id = useId()
  return (
    <section className="section" aria-labelledby={id}>
      <h3 id={id} className="section-title">
        {props.title}
      </h3>
      {props.children}
    </section>
  )
}
