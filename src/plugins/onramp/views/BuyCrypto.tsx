/**
 * Buy crypto: what to buy on the active network and what to pay with (native selects), the amount
 * (checked against the card limits as typed), the quote with its fees and total, the providers,
 * and Continue, which opens the provider's widget in a popup (a link when the browser blocks it).
 * Below, the account's recent purchases, read again when the popup closes. Every control is a
 * labelled native one, so the view is keyboard operable as is.
 */
import { useEffect } from 'react'
import {
  formatExactAmount,
  formatTransactionAmount,
  useLocale,
  useModuleStrings,
  useAirlockState,
  useCommands,
  Button,
  Select,
  TextInput,
  Fact,
  Facts,
  List,
  Row,
  Section,
  TokenIcon,
  type TransactionItem,
} from 'airlock/plugin'
import { selectBuyForm, type AmountProblem, type BuyForm } from '../selectors'

/** An amount of the provider's, with its own digits, in the visitor's locale; as given when it is not a decimal. */
function exact(amount: string, locale: string): string {
  try {
    return formatExactAmount(amount, locale)
  } catch {
    return amount
  }
}

function Purchase({ item, locale }: { readonly item: TransactionItem; readonly locale: string }) {
  const t = useModuleStrings('onramp')
  const transfer = item.transfers[0]
  const symbol = transfer?.fungible_info?.symbol ?? ''
  const amount = transfer?.quantity?.numeric ?? '0'
  const date = new Date(item.metadata.minedAt)
  return (
    <Row
      icon={<TokenIcon url={transfer?.fungible_info?.icon?.url} />}
      title={t('purchase', { amount: formatTransactionAmount(amount, locale), symbol })}
      subtitle={t('purchaseStatus', { status: item.metadata.status, date: Number.isNaN(date.getTime()) ? '' : date.toLocaleString(locale) })}
    />
  )
}

function Quote({ form }: { readonly form: BuyForm }) {
  const t = useModuleStrings('onramp')
  const locale = useLocale()
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
    value ? t('amountOf', { amount: exact(value.amount, locale), currency: value.currency }) : '—'
  return (
    <section aria-label={t('quoteTitle')} aria-live="polite">
      {onramp.error !== null ? (
        <p className="error" role="alert">
          {t('quoteFailed', { message: onramp.error })}
        </p>
      ) : null}
      {onramp.quotePlaceholder ? <p className="muted">{t('quotePlaceholder')}</p> : null}
      <Facts>
        <Fact term={t('youGet')} testId="onramp-purchase-amount">
          {money(quote.purchaseAmount)}
        </Fact>
        {onramp.quotePlaceholder ? null : (
          <>
            <Fact term={t('subtotal')}>{money(quote.paymentSubtotal)}</Fact>
            <Fact term={t('providerFee')} testId="onramp-provider-fee">
              {money(quote.coinbaseFee)}
            </Fact>
            <Fact term={t('networkFee')}>{money(quote.networkFee)}</Fact>
            <Fact term={t('total')} testId="onramp-total">
              {money(quote.paymentTotal)}
            </Fact>
          </>
        )}
      </Facts>
    </section>
  )
}

export default function BuyCrypto() {
  const t = useModuleStrings('onramp')
  const { onramp } = useCommands()
  const form = useAirlockState(selectBuyForm)
  const locale = useLocale()
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
    belowMin: t('problems.belowMin', { min: limits ? exact(limits.min, locale) : '', currency }),
    aboveMax: t('problems.aboveMax', { max: limits ? exact(limits.max, locale) : '', currency }),
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
          <Select
            label={t('purchaseCurrency')}
            value={purchase?.currency.id ?? ''}
            hint={`${purchase ? t('network', { network: purchase.network.display_name }) : ''}${balance ? ` · ${t('balance', { amount: formatTransactionAmount(balance.quantity.numeric, locale), symbol: balance.symbol })}` : ''}`}
            onChange={(event) => onramp.choosePurchaseCurrency(event.currentTarget.value)}
          >
            {form.purchaseOptions.map((option) => (
              <option key={option.currency.id} value={option.currency.id}>
                {`${option.currency.name} (${option.currency.symbol})`}
              </option>
            ))}
          </Select>
          <Select label={t('paymentCurrency')} value={currency} onChange={(event) => onramp.choosePaymentCurrency(event.currentTarget.value)}>
            {state.paymentCurrencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}
              </option>
            ))}
          </Select>
          <TextInput
            label={t('amount', { currency })}
            inputMode="decimal"
            value={state.paymentAmount}
            // A problem with what was typed (not an empty field) is an error under it; else the card limits.
            error={form.problem !== null && form.problem !== 'amountRequired' && state.paymentAmount !== '' ? problems[form.problem] : undefined}
            hint={limits ? t('limits', { min: exact(limits.min, locale), max: exact(limits.max, locale), currency }) : undefined}
            hintLive
            onChange={(event) => onramp.enterAmount(event.currentTarget.value)}
          />
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
              <Button onClick={() => onramp.refresh()}>{t('refresh')}</Button>
            </p>
          ) : null}
          {widget.status === 'failed' ? (
            <p className="error" role="alert">
              {t('widgetFailed', { message: widget.message ?? '' })}
            </p>
          ) : null}
          <Button type="submit" variant="primary" wide disabled={form.orderKey === null || busy} busy={widget.status === 'opening'}>
            {widget.status === 'opening' ? t('opening') : t('continue')}
          </Button>
        </>
      )}
      <Section title={t('recent')}>
        {form.purchasesStatus === 'loading' && form.purchases.length === 0 ? <p className="muted">{t('recentLoading')}</p> : null}
        {form.purchasesStatus === 'failed' ? <p className="error">{t('recentFailed')}</p> : null}
        {form.purchasesStatus === 'ready' && form.purchases.length === 0 ? <p className="muted">{t('recentNone')}</p> : null}
        {form.purchases.length > 0 ? (
          <List label={t('recent')}>
            {form.purchases.map((item) => (
              <Purchase key={item.id} item={item} locale={locale} />
            ))}
          </List>
        ) : null}
      </Section>
    </form>
  )
}
