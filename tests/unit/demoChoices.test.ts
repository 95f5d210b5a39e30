/**
 * The demo's option panel keeps the site owner's choices in the query string (demo/choices.ts)
 * and shows them as code (demo/code.ts): what is read, what is written back, and the snippet.
 */
import { describe, expect, it } from 'vitest'
import { readChoices, themeVariablesOf, writeChoices } from '../../demo/choices'
import { configSnippet } from '../../demo/code'

describe('the demo’s choices in the query string', () => {
  it('reads the demo’s defaults from an empty query: swaps, names and onramp passed on, nothing else set', () => {
    const choices = readChoices(new URLSearchParams(''))
    expect(choices.features).toEqual({ swaps: true, names: true, onramp: true })
    expect(choices).toMatchObject({ connectMethodsOrder: null, walletFeaturesOrder: null, themeMode: 'light', locale: 'en', font: 'system' })
    expect(themeVariablesOf(choices)).toEqual({})
  })

  it('reads switches, orders, theme and locale, and ignores what is not one of their values', () => {
    const choices = readChoices(
      new URLSearchParams(
        '?swaps=0&socials=0&email=1&connectMethodsOrder=email,wallet,social&walletFeaturesOrder=send,swaps&theme=dark&accent=%23ff0066&radius=8px&font=mono&locale=de',
      ),
    )
    expect(choices.features).toEqual({ swaps: false, socials: false, email: true, names: true, onramp: true })
    expect(choices.connectMethodsOrder).toEqual(['email', 'wallet', 'social'])
    // An order must name each item once.
    expect(choices.walletFeaturesOrder).toBeNull()
    expect(themeVariablesOf(choices)).toEqual({
      '--al-accent': '#ff0066',
      '--al-border-radius-master': '8px',
      '--al-font-family': expect.stringContaining('monospace'),
    })
    expect(choices.locale).toBe('de')
    expect(readChoices(new URLSearchParams('?theme=purple&accent=red&radius=3px&font=comic')).themeMode).toBe('light')
    expect(themeVariablesOf(readChoices(new URLSearchParams('?accent=red&radius=3px&font=comic')))).toEqual({})
  })

  it('writes back only what differs from the defaults, keeping the other parameters', () => {
    const read = readChoices(new URLSearchParams('?namespaces=eip155&swaps=0'))
    const written = writeChoices(new URLSearchParams('?namespaces=eip155&swaps=0'), {
      ...read,
      features: { ...read.features, swaps: true, send: false },
      connectMethodsOrder: ['wallet', 'email', 'social'],
      walletFeaturesOrder: ['send', 'receive', 'swaps', 'onramp'],
      themeMode: 'dark',
    })
    expect(Object.fromEntries(written)).toEqual({ namespaces: 'eip155', send: '0', walletFeaturesOrder: 'send,receive,swaps,onramp', theme: 'dark' })
    expect(readChoices(written).walletFeaturesOrder).toEqual(['send', 'receive', 'swaps', 'onramp'])
  })
})

describe('the snippet of the choices', () => {
  const base = { features: {}, connectMethodsOrder: null, walletFeaturesOrder: null, themeMode: 'light', themeVariables: {}, locale: 'en' } as const

  it('is the bare createAirlock call on the defaults', () => {
    expect(configSnippet(base)).toBe(
      [
        "import { createAirlock, ethereum } from 'airlock'",
        '',
        'const airlock = createAirlock({',
        "  projectId: 'your-project-id',",
        '  networks: [ethereum],',
        '})',
      ].join('\n'),
    )
  })

  it('names every choice that differs, and the run-time calls for the live ones', () => {
    const snippet = configSnippet({
      ...base,
      features: { swaps: false, socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'], send: true },
      connectMethodsOrder: ['email', 'wallet', 'social'],
      walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
      themeMode: 'dark',
      themeVariables: { '--al-accent': '#ff0066', '--al-border-radius-master': '4px' },
      locale: 'de',
    })
    expect(snippet).toContain('  features: { swaps: false },')
    expect(snippet).toContain("  connectMethodsOrder: ['email', 'wallet', 'social'],")
    expect(snippet).not.toContain('walletFeaturesOrder')
    expect(snippet).toContain("  themeMode: 'dark',")
    // The default radius is left out.
    expect(snippet).toContain("  themeVariables: { '--al-accent': '#ff0066' },")
    expect(snippet).toContain("  locale: 'de',")
    expect(snippet).toContain('airlock.setFeatures({ swaps: false })')
    expect(snippet).toContain("airlock.setThemeMode('dark')")
    expect(snippet).toContain("airlock.setThemeVariables({ '--al-accent': '#ff0066' })")
  })
})
