/**
 * SPEC §9's look constants as the modal applies them: the host element's custom properties
 * (src/ui/theme/variables.ts) and the stylesheet that reads them (src/ui/theme/styles.ts). A
 * default changed, or a rule that stops reading its property, fails here.
 */
import { describe, expect, it } from 'vitest'
import { themeProperties } from '../../src/ui/theme/variables'
import { modalCss } from '../../src/ui/theme/styles'

describe('the theme’s SPEC §9 defaults', () => {
  it('z-index 999, modal width 360 px, font size master 10 px, border radius master 4 px, in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const properties = themeProperties(mode, {})
      expect(properties['--al-z-index']).toBe('999')
      expect(properties['--al-width']).toBe('360px')
      expect(properties['--al-font-size-master']).toBe('10px')
      expect(properties['--al-border-radius-master']).toBe('4px')
    }
  })

  it('animations: header text 120 ms, modal height 150 ms, view transition 150 ms, each read by its rule', () => {
    const properties = themeProperties('light', {})
    expect([properties['--al-duration-header'], properties['--al-duration-height'], properties['--al-duration-view']]).toEqual(['120ms', '150ms', '150ms'])
    expect(modalCss).toMatch(/\.title \{[^}]*animation: fade var\(--al-duration-header\)/)
    expect(modalCss).toMatch(/transition: height var\(--al-duration-height\)/)
    expect(modalCss).toMatch(/\.body \{[^}]*animation: slide var\(--al-duration-view\)/)
  })

  it('the site’s variables replace the defaults', () => {
    const properties = themeProperties('dark', { '--al-z-index': 5, '--al-font-size-master': '12px', '--al-border-radius-master': '2px' })
    expect([properties['--al-z-index'], properties['--al-font-size-master'], properties['--al-border-radius-master']]).toEqual(['5', '12px', '2px'])
  })
})
