/** One row of a list: a button with an image, a name and an optional tag. */
import type { ReactNode } from 'react'

export function ListItem(props: {
  readonly image?: ReactNode
  readonly name: string
  readonly tag?: string | undefined
  readonly current?: boolean
  readonly onSelect: () => void
  readonly label?: string
}) {
  return (
    <button type="button" className="item" onClick={props.onSelect} aria-current={props.current ? 'true' : undefined} aria-label={props.label}>
      {props.image}
      <span className="name">{props.name}</span>
      {props.tag ? <span className="tag">{props.tag}</span> : null}
    </button>
  )
}
