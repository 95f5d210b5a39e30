import { describe, expect, it } from 'vitest'
import { elementProps } from './attributes'

const read = (attributes: Record<string, string>) => (name: string) => attributes[name] ?? null

describe("the custom elements' attributes", () => {
  it('gives no props for no attributes: the buttons keep their defaults', () => {
    expect(elementProps(read({}))).toEqual({})
  })

  it('decodes label, size, compact and show-balance', () => {
    expect(elementProps(read({ label: 'Sign in', size: 'lg', compact: '', 'show-balance': 'false' }))).toEqual({
      label: 'Sign in',
      size: 'lg',
      compact: true,
      showBalance: false,
    })
    expect(elementProps(read({ 'show-balance': '' }))).toEqual({ showBalance: true })
  })

  it('ignores a size that is not sm, md or lg, and an empty label', () => {
    expect(elementProps(read({ size: 'huge', label: '  ' }))).toEqual({})
    expect(elementProps(read({ size: 'toString' }))).toEqual({})
  })
})
