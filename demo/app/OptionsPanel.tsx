/**
 * The site owner's option panel: features and theme applied live, the options read at start
 * applied by a reload, and the code of the current choices. Every change is written into the
 * page's query parameters (history.replaceState), so a reload or a shared link keeps it.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import type { AirlockInstance, RootState } from 'airlock'
import { useAirlockState } from 'airlock/react'
import { DEFAULT_CONNECT_METHODS, DEFAULT_WALLET_FEATURES, FONTS, RADII, writeChoices, type Choices, type Font } from '../choices'
import { configSnippet } from '../code'
import { strings } from '../strings'
import { FeatureSwitches } from './FeatureSwitches'
import { ThemeOptions } from './ThemeOptions'
import { StartOptions, type StartChoices } from './StartOptions'
import { SnippetCard } from './SnippetCard'

const sameStart = (a: StartChoices, b: StartChoices) =>
  a.connectMethodsOrder.join() === b.connectMethodsOrder.join() && a.walletFeaturesOrder.join() === b.walletFeaturesOrder.join() && a.locale === b.locale

export function OptionsPanel({ airlock, choices }: { readonly airlock: AirlockInstance; readonly choices: Choices }) {
  const features = useAirlockState((s: RootState) => s.options.localFeatures)
  const themeMode = useAirlockState((s: RootState) => s.options.resolved?.themeMode ?? 'light')
  const themeVariables = useAirlockState((s: RootState) => s.options.resolved?.themeVariables)
  const running: StartChoices = useMemo(
    () => ({
      connectMethodsOrder: choices.connectMethodsOrder ?? DEFAULT_CONNECT_METHODS,
      walletFeaturesOrder: choices.walletFeaturesOrder ?? DEFAULT_WALLET_FEATURES,
      locale: choices.locale,
    }),
    [choices],
  )
  const [start, setStart] = useState<StartChoices>(running)

  /** The choices as they stand: the instance's live features and theme, and the start options chosen. */
  const current: Choices = useMemo(
    () => ({
      features,
      connectMethodsOrder: start.connectMethodsOrder,
      walletFeaturesOrder: start.walletFeaturesOrder,
      themeMode,
      accent: themeVariables?.['--al-accent'] ?? null,
      radius: RADII.find((r) => r !== '4px' && r === themeVariables?.['--al-border-radius-master']) ?? null,
      font: (Object.keys(FONTS) as Font[]).find((key) => FONTS[key] === themeVariables?.['--al-font-family']) ?? 'system',
      locale: start.locale,
    }),
    [features, start, themeMode, themeVariables],
  )
  const query = writeChoices(new URLSearchParams(location.search), current).toString()

  // Written on change only: the page as loaded keeps its query as it was given.
  const loaded = useRef(query)
  useEffect(() => {
    if (query === loaded.current) return
    loaded.current = query
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`)
  }, [query])

  const snippet = configSnippet({
    features,
    connectMethodsOrder: start.connectMethodsOrder,
    walletFeaturesOrder: start.walletFeaturesOrder,
    themeMode,
    themeVariables: themeVariables ?? {},
    locale: start.locale,
  })

  return (
    <section aria-labelledby="options-heading">
      <h2 id="options-heading">{strings.optionsHeading}</h2>
      <p className="hint">{strings.optionsLead}</p>
      <FeatureSwitches airlock={airlock} />
      <ThemeOptions airlock={airlock} />
      <StartOptions value={start} changed={!sameStart(start, running)} onChange={setStart} onApply={() => location.reload()} />
      <SnippetCard snippet={snippet} />
    </section>
  )
}
