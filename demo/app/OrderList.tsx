/** An ordered list the visitor reorders with Move up / Move down buttons; focus stays on the pressed button. */
import { strings } from '../strings'

const { moveUp, moveDown } = strings
export function OrderList<T extends string>(props: {
  readonly id: string
  readonly label: string
  readonly items: readonly T[]
  readonly names: Readonly<Record<T, string>>
  readonly onChange: (items: T[]) => void
}) {
  const { id, items, names } = props
  const move = (from: number, to: number, refocus: string) => {
    const next = [...items]
    const [a, b] = [next[from], next[to]]
    if (a === undefined || b === undefined) return
    next[from] = b
    next[to] = a
    props.onChange(next)
    // The pressed button moved with its row: give it the focus back once React has re-rendered.
    requestAnimationFrame(() => document.getElementById(refocus)?.focus())
  }
  return (
    <div className="order">
      <p id={`${id}-label`} className="field-label">
        {props.label}
      </p>
      <ol aria-labelledby={`${id}-label`}>
        {items.map((item, index) => {
          const name = names[item]
          const first = index === 0
          const last = index === items.length - 1
          return (
            <li key={item}>
              <span>{name}</span>
              <span className="order-buttons">
                <button
                  type="button"
                  id={`${id}-${item}-up`}
                  className="icon"
                  aria-label={moveUp(name)}
                  aria-disabled={first}
                  onClick={() => !first && move(index, index - 1, `${id}-${item}-up`)}
                >
                  <span aria-hidden="true">{strings.up}</span>
                </button>
                <button
                  type="button"
                  id={`${id}-${item}-down`}
                  className="icon"
                  aria-label={moveDown(name)}
                  aria-disabled={last}
                  onClick={() => !last && move(index, index + 1, `${id}-${item}-down`)}
                >
                  <span aria-hidden="true">{strings.down}</span>
                </button>
              </span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
