/** The frames of the sample dApps' cards (the viem page's, ./App, and the wagmi page's, ../wagmi): a card with its code, and an action's card with what came of it. */
import type { ReactNode } from 'react'
import { strings } from '../strings'

/** What came of an action: nothing yet, waiting, done (with a value to show), or failed. */
export type Outcome =
  | { readonly kind: 'idle' }
  | { readonly kind: 'busy'; readonly text: string }
  | { readonly kind: 'done'; readonly text: string; readonly label?: string; readonly value?: string; readonly ok?: boolean }
  | { readonly kind: 'failed'; readonly text: string }

/** A card of the sample dApps: its heading, its content, and its code (under "Code"). */
export function Card(props: { readonly id: string; readonly heading: string; readonly code: string; readonly children: ReactNode }) {
  const { id, heading } = props
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      {props.children}
      <details className="code">
        <summary>{strings.showCode}</summary>
        <pre tabIndex={0}>
          <code>{props.code}</code>
        </pre>
      </details>
    </section>
  )
}

/** An action's card: its form (the children), then what came of it. */
export function ActionCard(props: {
  readonly id: string
  readonly heading: string
  readonly outcome: Outcome
  readonly code: string
  readonly children: ReactNode
}) {
  const { id, heading, outcome, code } = props
  return (
    <Card id={id} heading={heading} code={code}>
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
    </Card>
  )
}

/** The hint under an action's form when no EVM wallet is connected. */
export function NeedsWallet({ connected }: { readonly connected: boolean }) {
  return connected ? null : <p className="hint">{strings.needsEvm}</p>
}
