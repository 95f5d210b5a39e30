/**
 * An amount as plugin views show one: the number and its unit as separate elements (never run
 * together), tabular digits, `lg` for the view's headline figure.
 *
 * ```tsx
 * <Amount value="1.250" symbol="ETH" size="lg" />
 * ```
 */
export function Amount(props: { readonly value: string; readonly symbol?: string; readonly size?: 'md' | 'lg'; readonly testId?: string }) {
  return (
    <span className="amount" data-size={props.size ?? 'md'} data-testid={props.testId}>
      <span className="amount-value">{props.value}</span>
      {props.symbol ? <span className="amount-symbol">{props.symbol}</span> : null}
    </span>
  )
}
