/**
 * What each page-side button needs to look as the theme says: the buttons' stylesheet adopted by
 * the document (or shadow root) it is rendered into, once, and the site's theme variables set on
 * the element through the CSSOM. Both happen when React attaches the element (a ref), never during
 * render, so server rendering touches no `window` and the HTML is the same on server and client.
 */
import { useCallback } from 'react'
import type { RootState } from '../../../kernel/registry'
import type { ThemeMode, ThemeVariables } from '../../../events/shapes/options'
import { buttonStylesheet, themeOverrides } from '../../theme/buttonStyles'
import { useAirlockState } from '../useAirlockState'

const NO_VARIABLES: ThemeVariables = {}
const sheets = new WeakMap<Document, CSSStyleSheet>()

/** Adopt the buttons' sheet into `root` (a document or a shadow root) unless it has it. */
function adoptButtonStyles(root: Node): void {
  if (!('adoptedStyleSheets' in root)) return
  const target = root as Document | ShadowRoot
  const document = root.ownerDocument ?? (root as Document)
  let sheet = sheets.get(document)
  if (!sheet) {
    // Constructed in the document's own realm: a sheet is adoptable only there.
    sheet = new (document.defaultView ?? globalThis).CSSStyleSheet()
    sheet.replaceSync(buttonStylesheet())
    sheets.set(document, sheet)
  }
  if (!target.adoptedStyleSheets.includes(sheet)) target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet]
}

const selectThemeMode = (state: RootState): ThemeMode => state.options.resolved?.themeMode ?? 'light'
const selectThemeVariables = (state: RootState): ThemeVariables => state.options.resolved?.themeVariables ?? NO_VARIABLES

/** The theme mode (for `data-theme`) and the ref that styles the element. */
export function useButtonTheme(): { readonly mode: ThemeMode; readonly ref: (element: HTMLElement | null) => void } {
  const mode = useAirlockState(selectThemeMode)
  const variables = useAirlockState(selectThemeVariables)
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return
      adoptButtonStyles(element.getRootNode())
      const overrides = themeOverrides(mode, variables)
      // A variable the site no longer sets goes back to the sheet's default.
      for (const name of [...element.style]) if (name.startsWith('--al-') && !(name in overrides)) element.style.removeProperty(name)
      for (const [name, value] of Object.entries(overrides)) element.style.setProperty(name, value)
    },
    [mode, variables],
  )
  return { mode, ref }
}
