/** A strings-table template filled with React nodes (a link inside a sentence, in the locale's word order). */
import { Fragment, type ReactNode } from 'react'

/**
 * Split `template` at its `{name}` placeholders and put `parts[name]` in each; a placeholder
 * without a part stays as written, so a missing one shows rather than vanishing.
 *
 * ```tsx
 * fillNodes('I agree to the {terms}.', { terms: <a href="…">Terms</a> }) // ['I agree to the ', <a…/>, '.']
 * ```
 */
export function fillNodes(template: string, parts: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((piece, index) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1]
    const node = name !== undefined && name in parts ? parts[name] : piece
    return <Fragment key={index}>{node}</Fragment>
  })
}
