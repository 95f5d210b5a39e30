import { useRef, useState } from 'react'
import type { Feature } from '../codecs'
import { strings } from '../strings'
import type { SectionProps } from './ProjectPage'
import { Switch } from './Switch'

/** SPEC §3's default socials, in its order: every provider the modal knows. */
const PROVIDERS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']

/** The remote features as switches; social's providers (which, and their order). Each change is saved at once. */
export function FeaturesSection({ project, save }: SectionProps) {
  const [error, setError] = useState<string | null>(null)
  /** What the owner asked for, shown at once while the saves (one at a time, in order) go. */
  const [asked, setAsked] = useState<Feature[] | null>(null)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const features = asked ?? project.features

  const change = (next: Feature[], refocus?: string) => {
    setAsked(next)
    // A moved row's buttons are moved in the page: the pressed one gets the focus back.
    if (refocus) requestAnimationFrame(() => document.getElementById(refocus)?.focus())
    queue.current = queue.current.then(async () => {
      try {
        const saved = await save({ features: next })
        setError(null)
        setAsked((current) => (current === next ? null : current))
        return saved
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : strings.errorUnexpected)
        setAsked(null)
      }
    })
  }
  const update = (id: string, next: Partial<Feature>, refocus?: string) =>
    change(
      features.map((f) => (f.id === id ? { ...f, ...next } : f)),
      refocus,
    )

  const social = features.find((f) => f.id === 'social')
  const chosen = (social?.config ?? []).filter((p) => PROVIDERS.includes(p))
  const others = PROVIDERS.filter((p) => !chosen.includes(p))
  const setProviders = (list: string[], refocus?: string) => update('social', { config: list }, refocus)
  const swap = (i: number, j: number, refocus: string) => {
    const list = [...chosen]
    const [a, b] = [list[i], list[j]]
    if (a === undefined || b === undefined) return
    list[i] = b
    list[j] = a
    setProviders(list, refocus)
  }

  return (
    <section className="card" aria-labelledby="features-heading">
      <h2 id="features-heading">{strings.featuresHeading}</h2>
      <p className="hint">{strings.featuresLead}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ul className="switch-list">
        {features.map((feature) => (
          <li key={feature.id}>
            <Switch
              id={`feature-${feature.id}`}
              checked={feature.isEnabled}
              label={strings.featureNames[feature.id] ?? feature.id}
              {...(strings.featureHints[feature.id] ? { hint: strings.featureHints[feature.id] } : {})}
              onChange={(on) => update(feature.id, { isEnabled: on })}
            />
            {feature.id === 'social' && feature.isEnabled && (
              <fieldset className="providers">
                <legend>{strings.providersHeading}</legend>
                <ol>
                  {[...chosen, ...others].map((provider) => {
                    const index = chosen.indexOf(provider)
                    const on = index >= 0
                    const name = strings.providerNames[provider] ?? provider
                    return (
                      <li key={provider} className={on ? 'provider' : 'provider off'}>
                        <label>
                          <input
                            id={`provider-${provider}`}
                            type="checkbox"
                            checked={on}
                            onChange={() => setProviders(on ? chosen.filter((p) => p !== provider) : [...chosen, provider], `provider-${provider}`)}
                          />
                          {name}
                        </label>
                        {on && (
                          <span className="order">
                            <button
                              type="button"
                              id={`up-${provider}`}
                              className="icon-button small"
                              aria-label={strings.moveUp(name)}
                              title={strings.moveUp(name)}
                              aria-disabled={index === 0}
                              onClick={() => index > 0 && swap(index, index - 1, `up-${provider}`)}
                            >
                              <span aria-hidden="true">↑</span>
                            </button>
                            <button
                              type="button"
                              className="icon-button small"
                              id={`down-${provider}`}
                              aria-label={strings.moveDown(name)}
                              title={strings.moveDown(name)}
                              aria-disabled={index === chosen.length - 1}
                              onClick={() => index < chosen.length - 1 && swap(index, index + 1, `down-${provider}`)}
                            >
                              <span aria-hidden="true">↓</span>
                            </button>
                          </span>
                        )}
                      </li>
                    )
                  })}
                </ol>
              </fieldset>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
