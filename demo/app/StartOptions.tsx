/**
 * What `createAirlock` reads once — the connect-method and wallet-feature orders and the locale —
 * chosen here and applied by reloading the page with them in its query parameters (./choices).
 */
import type { ConnectMethod, WalletFeature } from 'airlock'
import { LOCALES } from '../choices'
import { strings } from '../strings'
import { OrderList } from './OrderList'

export interface StartChoices {
  readonly connectMethodsOrder: readonly ConnectMethod[]
  readonly walletFeaturesOrder: readonly WalletFeature[]
  readonly locale: string
}

export function StartOptions(props: {
  readonly value: StartChoices
  readonly changed: boolean
  readonly onChange: (value: StartChoices) => void
  readonly onApply: () => void
}) {
  const { value, onChange } = props
  return (
    <section className="card" aria-labelledby="start-heading">
      <h3 id="start-heading">{strings.startHeading}</h3>
      <p className="hint">{strings.startLead}</p>
      <div className="orders">
        <OrderList
          id="connect-order"
          label={strings.connectOrderLabel}
          items={value.connectMethodsOrder}
          names={strings.connectMethods}
          onChange={(connectMethodsOrder) => onChange({ ...value, connectMethodsOrder })}
        />
        <OrderList
          id="wallet-order"
          label={strings.walletOrderLabel}
          items={value.walletFeaturesOrder}
          names={strings.walletFeatures}
          onChange={(walletFeaturesOrder) => onChange({ ...value, walletFeaturesOrder })}
        />
      </div>
      <div className="field-grid">
        <label htmlFor="locale">{strings.localeLabel}</label>
        <select id="locale" value={value.locale} onChange={(e) => onChange({ ...value, locale: e.target.value })}>
          {/* A locale set by the query that the panel does not list stays choosable. */}
          {[...new Set([...LOCALES, value.locale])].map((locale) => (
            <option key={locale} value={locale}>
              {locale in strings.locales ? strings.locales[locale as keyof typeof strings.locales] : locale}
            </option>
          ))}
        </select>
      </div>
      <div className="controls">
        <button
          type="button"
          className="primary"
          aria-disabled={!props.changed}
          aria-describedby={props.changed ? undefined : 'apply-hint'}
          onClick={() => props.changed && props.onApply()}
        >
          {strings.apply}
        </button>
        {!props.changed && (
          <span id="apply-hint" className="hint">
            {strings.nothingToApply}
          </span>
        )}
      </div>
    </section>
  )
}
