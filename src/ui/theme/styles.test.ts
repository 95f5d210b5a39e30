/**
 * The modal's stylesheet keeps its scrolling lists on the compositor: no rule clips its content
 * with rounded corners (a border radius with an overflow other than visible). Such a clip around a
 * scroller (the dialog's `overflow: hidden` with its radius was one, over every list) makes
 * Chromium's compositor give up hit-testing a wheel or touch scroll's start: it asks the main
 * thread, and counts the scroll's frames as the main thread's (bench/account's wheel scrolls:
 * "Request Main Thread Hit Test", SCROLL_MAIN_THREAD; none without the clip).
 */
import { describe, expect, it } from 'vitest'
import { modalCss } from './styles'

/** Each innermost rule of `css`: its selector and declarations. */
function rules(css: string): { selector: string; body: string }[] {
  return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ selector: m[1]!.trim(), body: m[2]! }))
}

describe('modalCss', () => {
  it('no rule clips its content with rounded corners (border-radius with overflow hidden, clip, auto or scroll)', () => {
    const rounded = rules(modalCss).filter(({ body }) => /border(-[a-z-]+)?-radius\s*:\s*(?!0[;\s]|0$)/.test(body))
    expect(rounded.length).toBeGreaterThan(0)
    const clipped = rounded.filter(({ body }) => /overflow(-[xy])?\s*:\s*(hidden|clip|auto|scroll)/.test(body))
    expect(clipped.map(({ selector }) => selector)).toEqual([])
  })

  it('the dialog, which holds every list, has no overflow clip', () => {
    const dialog = rules(modalCss).filter(({ selector }) => selector.split(',').some((s) => s.trim() === '.dialog'))
    expect(dialog.length).toBeGreaterThan(0)
    for (const { body } of dialog) expect(body).not.toMatch(/overflow(-[xy])?\s*:\s*(hidden|clip|auto|scroll)/)
  })
})
