/**
 * Theme mode and variables, applied at once (`setThemeMode`, `setThemeVariables`). The page follows
 * the mode too. What is shown is read from the instance's options, so a change made elsewhere
 * (`window.airlock.setThemeMode('dark')` in the console) shows here as well.
 */
import type { AirlockInstance, RootState, ThemeMode } from 'airlock'
import { useAirlockState } from 'airlock/react'
import { useEffect } from 'react'
import { FONTS, RADII, type Font } from '../choices'
import { strings } from '../strings'

/** The modal's default accents (src/ui/theme), what the colour field shows until one is chosen. */
const DEFAULT_ACCENT: Record<ThemeMode, string> = { light: '#3451d1', dark: '#8fa3ff' }
const MODES: readonly ThemeMode[] = ['light', 'dark']

export function ThemeOptions({ airlock }: { readonly airlock: AirlockInstance }) {
  const mode = useAirlockState((s: RootState) => s.options.resolved?.themeMode ?? 'light')
  const variables = useAirlockState((s: RootState) => s.options.resolved?.themeVariables)
  const font = (Object.keys(FONTS) as Font[]).find((key) => FONTS[key] === variables?.['--al-font-family']) ?? 'system'
  const radius = RADII.find((r) => r === variables?.['--al-border-radius-master']) ?? '4px'

  useEffect(() => {
    document.documentElement.dataset.theme = mode
  }, [mode])

  return (
    <section className="card" aria-labelledby="theme-heading">
      <h3 id="theme-heading">{strings.themeHeading}</h3>
      <p className="hint">{strings.themeLead}</p>
      <fieldset className="segmented">
        <legend>{strings.modeLabel}</legend>
        {MODES.map((m) => (
          <label key={m}>
            <input type="radio" name="theme-mode" value={m} checked={mode === m} onChange={() => airlock.setThemeMode(m)} />
            <span>{m === 'light' ? strings.light : strings.dark}</span>
          </label>
        ))}
      </fieldset>
      <div className="field-grid">
        <label htmlFor="theme-accent">{strings.accentLabel}</label>
        <input
          id="theme-accent"
          type="color"
          value={variables?.['--al-accent'] ?? DEFAULT_ACCENT[mode]}
          onChange={(e) => airlock.setThemeVariables({ '--al-accent': e.target.value })}
        />
        <label htmlFor="theme-radius">{strings.radiusLabel}</label>
        <select id="theme-radius" value={radius} onChange={(e) => airlock.setThemeVariables({ '--al-border-radius-master': e.target.value })}>
          {RADII.map((r) => (
            <option key={r} value={r}>
              {strings.radii[r]}
            </option>
          ))}
        </select>
        <label htmlFor="theme-font">{strings.fontLabel}</label>
        <select id="theme-font" value={font} onChange={(e) => airlock.setThemeVariables({ '--al-font-family': FONTS[e.target.value as Font] })}>
          {(Object.keys(FONTS) as Font[]).map((key) => (
            <option key={key} value={key}>
              {strings.fonts[key]}
            </option>
          ))}
        </select>
      </div>
    </section>
  )
}
