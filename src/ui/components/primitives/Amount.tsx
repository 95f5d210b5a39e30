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
    <span className="figure" data-size={props.size ?? 'md'} data-testid={props.testId}>
      <span className="figure-value">{props.value}</span>
      {/* A space in the text (the gap lays it out): copied or read as text, the two stay apart. */}
      {props.symbol ? (
        <>
          {' '}
          <span className="figure-unit">{props.symbol}</span>
        </>
      ) : null}
    </span>
  )
}
