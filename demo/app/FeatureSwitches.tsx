/**
 * The feature switches, applied at once with `airlock.setFeatures`. Each shows what the site set
 * (`localFeatures`); where the project's remote configuration sets the feature otherwise, it wins
 * (SPEC §3 remoteFeatures), and the switch says so.
 */
import type { AirlockInstance, RootState } from 'airlock'
import { useAirlockState } from 'airlock/react'
import { DEFAULT_SOCIALS, PANEL_FEATURES, type PanelFeature } from '../choices'
import { strings } from '../strings'

const isOn = (value: unknown) => value === true || (Array.isArray(value) && value.length > 0)

export function FeatureSwitches({ airlock }: { readonly airlock: AirlockInstance }) {
  const local = useAirlockState((s: RootState) => s.options.localFeatures)
  const remote = useAirlockState((s: RootState) => s.options.remoteFeatures)

  const toggle = (feature: PanelFeature, on: boolean) =>
    airlock.setFeatures(feature === 'socials' ? { socials: on ? [...DEFAULT_SOCIALS] : false } : { [feature]: on })

  return (
    <section className="card" aria-labelledby="features-heading">
      <h3 id="features-heading">{strings.featuresHeading}</h3>
      <p className="hint">{strings.featuresLead}</p>
      <ul className="switch-list">
        {PANEL_FEATURES.map((feature) => {
          const on = isOn(local[feature])
          const remoteValue = remote?.[feature as keyof NonNullable<typeof remote>]
          const overridden = remoteValue !== undefined && isOn(remoteValue) !== on
          return (
            <li key={feature}>
              <label className="switch-row">
                <input
                  type="checkbox"
                  role="switch"
                  id={feature}
                  checked={on}
                  aria-describedby={overridden ? `${feature}-remote` : undefined}
                  onChange={(e) => toggle(feature, e.target.checked)}
                />
                <span>{strings.featureNames[feature]}</span>
              </label>
              {overridden && (
                <p id={`${feature}-remote`} className="hint remote">
                  {strings.remoteWins(isOn(remoteValue))}
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
