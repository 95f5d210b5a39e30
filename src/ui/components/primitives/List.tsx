/**
 * A plugin view's lists, in the look of the modal's own (the wallet list, the networks): `List` of
 * `Row`s, each an icon, a title, a muted line under it and something at its end; a row with
 * `onSelect` is a button. `ChoiceList` of `ChoiceRow`s is a radio group (one token of several):
 * each row is the label of its radio (at the row's end), the chosen one outlined, arrow keys move
 * between them.
 *
 * ```tsx
 * <List label={t('purchases')}>
 *   {items.map((item) => <Row key={item.id} icon={<TokenIcon url={item.icon} />} title={item.name} subtitle={item.when} />)}
 * </List>
 * ```
 */
import { Children, type ReactNode } from 'react'

export interface RowProps {
  readonly icon?: ReactNode
  readonly title: ReactNode
  readonly subtitle?: ReactNode
  /** At the row's end: a value, a tag. */
  readonly trailing?: ReactNode
  readonly onSelect?: () => void
  /** The current one of the list (the active network, say). */
  readonly current?: boolean
  /** The button's accessible name, when the title alone does not say it. */
  readonly label?: string
}

function RowBody(props: Pick<RowProps, 'icon' | 'title' | 'subtitle' | 'trailing'>) {
  return (
    <>
      {props.icon}
      <span className="stack">
        <span className="name">{props.title}</span>
        {props.subtitle === undefined ? null : <span className="muted">{props.subtitle}</span>}
      </span>
      {props.trailing === undefined ? null : <span className="trailing">{props.trailing}</span>}
    </>
  )
}

export function List(props: { readonly label?: string; readonly children: ReactNode }) {
  return (
    <ul className="list" aria-label={props.label}>
      {Children.map(props.children, (child) => (child === null || child === undefined || child === false ? null : <li>{child}</li>))}
    </ul>
  )
}

export function Row(props: RowProps) {
  if (!props.onSelect) {
    return (
      <div className="item static" aria-current={props.current ? 'true' : undefined}>
        <RowBody {...props} />
      </div>
    )
  }
  return (
    <button type="button" className="item" onClick={props.onSelect} aria-current={props.current ? 'true' : undefined} aria-label={props.label}>
      <RowBody {...props} />
    </button>
  )
}

export function ChoiceList(props: {
  readonly legend: string
  readonly legendHidden?: boolean
  /** Any choice made in the group (a picker that closes once one is chosen). */
  readonly onChange?: () => void
  readonly children: ReactNode
}) {
  return (
    <fieldset className="list" onChange={props.onChange}>
      <legend className={props.legendHidden ? 'visually-hidden' : undefined}>{props.legend}</legend>
      {props.children}
    </fieldset>
  )
}

export function ChoiceRow(
  props: Omit<RowProps, 'onSelect' | 'current' | 'label'> & { readonly name: string; readonly checked: boolean; readonly onChoose: () => void },
) {
  return (
    <label className="item choice" aria-current={props.checked ? 'true' : undefined}>
      <input type="radio" name={props.name} checked={props.checked} onChange={props.onChoose} />
      <RowBody {...props} />
    </label>
  )
}
