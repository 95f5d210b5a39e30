/**
 * The theme as CSS custom properties: mode colours, the site's `themeVariables`, and the
 * animation times of SPEC §9 (header text 120 ms, modal height 150 ms, view 150 ms).
 */
import type { ThemeMode, ThemeVariables } from '../../events/shapes/options'

export const ANIMATION_MS = { headerText: 120, modalHeight: 150, view: 150 } as const
export const MODAL_WIDTH_PX = 360
export const DEFAULT_Z_INDEX = 999

const palettes: Record<ThemeMode, Record<string, string>> = {
  light: {
    '--al-bg': '#ffffff',
    '--al-bg-raised': '#f3f4f6',
    '--al-bg-hover': '#e8eaee',
    '--al-fg': '#141519',
    '--al-fg-muted': '#4b4f5a',
    '--al-border': '#d9dce3',
    '--al-accent-default': '#3451d1',
    '--al-accent-contrast': '#ffffff',
    '--al-danger': '#b42318',
    '--al-success': '#067647',
    '--al-backdrop': 'rgba(20, 21, 25, 0.45)',
  },
  dark: {
    '--al-bg': '#17181c',
    '--al-bg-raised': '#22242a',
    '--al-bg-hover': '#2d3038',
    '--al-fg': '#f4f5f7',
    '--al-fg-muted': '#b3b8c4',
    '--al-border': '#353842',
    '--al-accent-default': '#8fa3ff',
    '--al-accent-contrast': '#0b0c10',
    '--al-danger': '#ff8a80',
    '--al-success': '#6ee7b7',
    '--al-backdrop': 'rgba(0, 0, 0, 0.6)',
  },
}

/**
 * The custom properties to set on the modal's host element.
 *
 * ```ts
 * themeProperties('dark', { '--al-accent': '#ff0066' })['--al-accent'] // '#ff0066'
 * ```
 */
export function themeProperties(mode: ThemeMode, variables: ThemeVariables): Record<string, string> {
  const properties: Record<string, string> = {
    ...palettes[mode],
    '--al-accent': variables['--al-accent'] ?? palettes[mode]['--al-accent-default'] ?? '#3451d1',
    '--al-font-family': variables['--al-font-family'] ?? 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    '--al-font-size-master': variables['--al-font-size-master'] ?? '10px',
    '--al-border-radius-master': variables['--al-border-radius-master'] ?? '4px',
    '--al-z-index': String(variables['--al-z-index'] ?? DEFAULT_Z_INDEX),
    // Dark modules on the code's own white ground in both modes: some scanners cannot read a light
    // code on dark. A site's colour replaces it.
    '--al-qr-color': variables['--al-qr-color'] ?? '#141519',
    '--al-width': `${MODAL_WIDTH_PX}px`,
    '--al-duration-header': `${ANIMATION_MS.headerText}ms`,
    '--al-duration-height': `${ANIMATION_MS.modalHeight}ms`,
    '--al-duration-view': `${ANIMATION_MS.view}ms`,
  }
  const mix = variables['--al-color-mix']
  if (mix !== undefined) {
    const strength = Math.min(100, Math.max(0, variables['--al-color-mix-strength'] ?? 0))
    properties['--al-bg'] = `color-mix(in srgb, ${mix} ${strength}%, ${properties['--al-bg']})`
    properties['--al-bg-raised'] = `color-mix(in srgb, ${mix} ${strength}%, ${properties['--al-bg-raised']})`
  }
  return properties
}
