/** The frame of a sample dApp action: its heading, its form, what came of it, and its code. */
import type { ReactNode } from 'react'
import { strings } from '../strings'

/** What came of an action: nothing yet, waiting, done (with a value to show), or failed. */
export type Outcome =
  | { readonly kind: 'idle' }
  | { readonly kind: 'busy'; readonly text: string }
  | { readonly kind: 'done'; readonly text: string; readonly label?: string; readonly value?: string; readonly ok?: boolean }
  | { readonly kind: 'failed'; readonly text: string }

export function ActionCard(props: {
  readonly id: string
  readonly heading: string
  readonly outcome: Outcome
  readonly code: string
  readonly children: ReactNode
}) {
  const { id, heading, outcome } = props
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      {props.children}
      {/* One live region, there from the start, so each outcome is announced. */}
      <div id={`${id}-outcome`} className="outcome" aria-live="polite">
        {outcome.kind === 'busy' && <p className="pending">{outcome.text}</p>}
        {outcome.kind === 'failed' && <p className="error">{outcome.text}</p>}
        {outcome.kind === 'done' && (
          <>
            {outcome.label !== undefined && (
              <dl className="value">
                <dt>{outcome.label}</dt>
                <dd>
                  <code>{outcome.value}</code>
                </dd>
              </dl>
            )}
            <p className={outcome.ok === false ? 'error' : 'success'}>{outcome.text}</p>
          </>
        )}
      </div>
      <details className="code">
        <summary>{strings.showCode}</summary>
        <pre tabIndex={0}>
          <code>{props.code}</code>
        </pre>
      </details>
    </section>
  )
}

/** The hint under an action's form when no EVM wallet is connected. */
export function NeedsWallet({ connected }: { readonly connected: boolean }) {
  return connected ? null : <p className="hint">{strings.needsEvm}</p>
}
