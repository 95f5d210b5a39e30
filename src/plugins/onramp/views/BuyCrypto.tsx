/**
 * Buy crypto: what to buy on the active network and what to pay with (native selects), the amount
 * (checked against the card limits as typed), the quote with its fees and total, the providers,
 * and Continue, which opens the provider's widget in a popup (a link when the browser blocks it).
 * Below, the account's recent purchases, read again when the popup closes. Every control is a
 * labelled native one, so the view is keyboard operable as is.
 */
import { useEffect, useId } from 'react'
import { formatTransactionAmount } from '../../../format/number'
import { useAirlockState } from '../../../ui/react/useAirlockState'
import { useCommands } from '../../../ui/react/useCommands'
import { selectLocale, useModuleStrings } from '../../../ui/react/useModuleStrings'
import { useRemoteImage } from '../../../ui/react/useRemoteImage'
import type { TransactionItem } from '../../../events/shapes/transaction'
import { selectBuyForm, type AmountProblem, type BuyForm } from '../selectors'

function Purchase({ item, locale }: { readonly item: TransactionItem; readonly locale: string }) {
  const t = useModuleStrings('onramp')
  const transfer = item.transfers[0]
  const icon = useRemoteImage(transfer?.fungible_info?.icon?.url)
  const symbol = transfer?.fungible_info?.symbol ?? ''
  const amount = transfer?.quantity?.numeric ?? '0'
  const date = new Date(item.metadata.minedAt)
  return (
    <li className="item">
      {icon ? <img src={icon} alt="" width={28} height={28} /> : <span className="token-icon" aria-hidden="true" />}
      <span className="stack">
        <span className="name">{t('purchase', { amount: formatTransactionAmount(amount), symbol })}</span>
        <span className="muted">
          {t('purchaseStatus', { status: item.metadata.status, date: Number.isNaN(date.getTime()) ? '' : date.toLocaleString(locale) })}
        </span>
      </span>
    </li>
  )
}

function Quote({ form }: { readonly form: BuyForm }) {
  const t = useModuleStrings('onramp')
  const { onramp, quote } = form
  if (form.orderKey === null) return null
  if (onramp.quotesLoading || quote === null) {
    return (
      <p className="muted" role="status">
        {t('quoteLoading')}
      </p>
    )
  }
  const money = (value: { readonly amount: string; readonly currency: string } | undefined) =>
    value ? t('amountOf', { amount: value.amount, currency: value.currency }) : '—'
  return (
    <section aria-label={t('quoteTitle')} aria-live="polite">
      {onramp.error !== null ? (
        <p className="error" role="alert">
          {t('quoteFailed', { message: onramp.error })}
        </p>
      ) : null}
      {onramp.quotePlaceholder ? <p className="muted">{t('quotePlaceholder')}</p> : null}
      <dl>
        <dt className="muted">{t('youGet')}</dt>
        <dd data-testid="onramp-purchase-amount">{money(quote.purchaseAmount)}</dd>
        {onramp.quotePlaceholder ? null : (
          <>
            <dt className="muted">{t('subtotal')}</dt>
            <dd>{money(quote.paymentSubtotal)}</dd>
            <dt className="muted">{t('providerFee')}</dt>
            <dd data-testid="onramp-provider-fee">{money(quote.coinbaseFee)}</dd>
            <dt className="muted">{t('networkFee')}</dt>
            <dd>{money(quote.networkFee)}</dd>
            <dt className="muted">{t('total')}</dt>
            <dd data-testid="onramp-total">{money(quote.paymentTotal)}</dd>
          </>
        )}
      </dl>
    </section>
  )
}

export default function BuyCrypto() {
  const t = useModuleStrings('onramp')
  const { onramp } = useCommands()
  const form = useAirlockState(selectBuyForm)
  const locale = useAirlockState(selectLocale)
  const id = useId()
  const caipAddress = form.caipAddress
  // Shown: the options (once), the purchases and the balances are read.
  useEffect(() => onramp.open(), [onramp, caipAddress])

  if (!form.supported || !form.network) {
    return (
      <p className="error body" role="alert">
        {t('unsupported')}
      </p>
    )
  }
  const { onramp: state, network, purchase, paymentCurrency, limits, balance } = form
  if (state.optionsStatus !== 'ready') {
    return (
      <p className="muted body" role="status">
        {t('loadingOptions')}
      </p>
    )
  }
  const currency = paymentCurrency?.id ?? ''
  // Each problem's text, spelled out so a check over the code finds every key in the strings.
  const problems: Record<AmountProblem, string> = {
    amountRequired: t('problems.amountRequired'),
    invalidAmount: t('problems.invalidAmount'),
    belowMin: t('problems.belowMin', { min: limits?.min ?? '', currency }),
    aboveMax: t('problems.aboveMax', { max: limits?.max ?? '', currency }),
  }
  const widget = state.widget
  const busy = widget.status === 'opening' || widget.status === 'open'

  return (
    <form
      className="body"
      onSubmit={(event) => {
        event.preventDefault()
        onramp.buy()
      }}
    >
      {state.optionsFromDefaults ? <p className="muted">{t('defaultsNotice')}</p> : null}
      {form.purchaseOptions.length === 0 ? (
        <p className="muted">{t('nothingOnNetwork', { network: network.name })}</p>
      ) : (
        <>
          <p>
            <label htmlFor={`${id}-purchase`}>{t('purchaseCurrency')}</label>
            <select
              id={`${id}-purchase`}
              className="search"
              value={purchase?.currency.id ?? ''}
              aria-describedby={`${id}-network`}
              onChange={(event) => onramp.choosePurchaseCurrency(event.currentTarget.value)}
            >
              {form.purchaseOptions.map((option) => (
                <option key={option.currency.id} value={option.currency.id}>
                  {`${option.currency.name} (${option.currency.symbol})`}
                </option>
              ))}
            </select>
            <span id={`${id}-network`} className="muted">
              {purchase ? t('network', { network: purchase.network.display_name }) : ''}
              {balance ? ` · ${t('balance', { amount: formatTransactionAmount(balance.quantity.numeric), symbol: balance.symbol })}` : ''}
            </span>
          </p>
          <p>
            <label htmlFor={`${id}-payment`}>{t('paymentCurrency')}</label>
            <select id={`${id}-payment`} className="search" value={currency} onChange={(event) => onramp.choosePaymentCurrency(event.currentTarget.value)}>
              {state.paymentCurrencies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.id}
                </option>
              ))}
            </select>
          </p>
          <p>
            <label htmlFor={`${id}-amount`}>{t('amount', { currency })}</label>
            <input
              id={`${id}-amount`}
              className="search"
              inputMode="decimal"
              autoComplete="off"
              value={state.paymentAmount}
              aria-invalid={form.problem !== null && form.problem !== 'amountRequired'}
              aria-describedby={`${id}-amount-help`}
              onChange={(event) => onramp.enterAmount(event.currentTarget.value)}
            />
            <span id={`${id}-amount-help`} className={form.problem !== null && form.problem !== 'amountRequired' ? 'error' : 'muted'} role="status">
              {form.problem !== null && state.paymentAmount !== ''
                ? problems[form.problem]
                : limits
                  ? t('limits', { min: limits.min, max: limits.max, currency })
                  : ''}
            </span>
          </p>
          <Quote form={form} />
          <p className="muted">
            {t('providers')}: {state.providers.length === 0 ? t('noProviders') : state.providers.join(', ')}
          </p>
          {widget.status === 'open' ? (
            <p className="muted" role="status">
              {t('open')}
            </p>
          ) : null}
          {widget.status === 'blocked' && widget.url !== null ? (
            <p role="status">
              {t('blocked')}{' '}
              <a href={widget.url} target="_blank" rel="noopener noreferrer">
                {t('blockedLink')}
              </a>{' '}
              <button type="button" className="secondary" onClick={() => onramp.refresh()}>
                {t('refresh')}
              </button>
            </p>
          ) : null}
          {widget.status === 'failed' ? (
            <p className="error" role="alert">
              {t('widgetFailed', { message: widget.message ?? '' })}
            </p>
          ) : null}
          <button type="submit" className="primary" disabled={form.orderKey === null || busy} aria-busy={widget.status === 'opening'}>
            {widget.status === 'opening' ? t('opening') : t('continue')}
          </button>
        </>
      )}
      <section aria-labelledby={`${id}-recent`}>
        <h3 id={`${id}-recent`} className="title">
          {t('recent')}
        </h3>
        {form.purchasesStatus === 'loading' && form.purchases.length === 0 ? <p className="muted">{t('recentLoading')}</p> : null}
        {form.purchasesStatus === 'failed' ? <p className="error">{t('recentFailed')}</p> : null}
        {form.purchasesStatus === 'ready' && form.purchases.length === 0 ? <p className="muted">{t('recentNone')}</p> : null}
        {form.purchases.length > 0 ? (
          <ul className="list" aria-label={t('recent')}>
            {form.purchases.map((item) => (
              <Purchase key={item.id} item={item} locale={locale} />
            ))}
          </ul>
        ) : null}
      </section>
    </form>
  )
}
