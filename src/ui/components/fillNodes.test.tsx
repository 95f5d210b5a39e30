import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { fillNodes } from './fillNodes'

describe('fillNodes: a strings-table template with React nodes in its placeholders, in the template’s word order', () => {
  it('puts each part where its placeholder is', () => {
    const html = renderToStaticMarkup(<p>{fillNodes('{privacy} と {terms} に同意', { terms: <a href="https://a.example/t">T</a>, privacy: <b>P</b> })}</p>)
    expect(html).toBe('<p><b>P</b> と <a href="https://a.example/t">T</a> に同意</p>')
  })

  it('leaves a placeholder without a part as written, and escapes the template text', () => {
    const html = renderToStaticMarkup(<p>{fillNodes('<i>{a}</i> {b}', { a: 'x' })}</p>)
    expect(html).toBe('<p>&lt;i&gt;x&lt;/i&gt; {b}</p>')
  })
})
