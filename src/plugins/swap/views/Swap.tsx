/**
 * Swap (SPEC §2): the token to pay with and the amount, a flip, the token to receive and the amount
 * out from the quote, then the price, the price impact, the slippage tolerance, the least received
 * and the network fee; "Approve X" first when the router's allowance is short, then "Swap". The
 * form renders at once: the parts still being read show a placeholder and fill in as the answers
 * arrive. Every control is a labelled native one, so the view is keyboard operable as is.
 */
import { useId, useState } from 'react'
import {
  formatAmount,
  formatExactAmount,
  formatFiat,
  formatTransactionAmount,
  useLocale,
  useAirlockState,
  useCommands,
  useModuleStrings,
  Button,
  TextInput,
  ChoiceList,
  ChoiceRow,
  Fact,
  Facts,
  TokenIcon,
} from 'airlock/plugin'
import type { SwapSide } from '../events'
import { filterTokens, isNative, selectSwapForm, type SwapProblem, type SwapTokenView } from '../selectors'

/** Up to 6 significant digits, for prices that may be far below 1, in `locale`. */
function significant(value: string | number, locale: string): string {
  const n = Number(value)
  if (!Number.isFinite(n)) return String(value)
  return n >= 1000 ? formatAmount(value, { decimals: 2, locale }) : formatExactAmount(Number(n.toPrecision(6)), locale)
}

function TokenOption({
  token,
  name,
  selected,
  side,
}: {
  readonly token: SwapTokenView
  readonly name: string
  readonly selected: boolean
  readonly side: SwapSide
}) {
  const t = useModuleStrings('swap')
  const locale = useLocale()
  const { swap } = useCommands()
  return (
    <ChoiceRow
      name={name}
      checked={selected}
      onChoose={() => swap.chooseToken(side, token.address)}
      icon={<TokenIcon url={token.logoUri} />}
      title={`${token.symbol} · ${token.name}`}
      subtitle={token.balance === null ? t('noBalance') : t('balance', { amount: formatTransactionAmount(token.balance, locale), symbol: token.symbol })}
    />
  )
}

function TokenPicker({
  side,
  tokens,
  selected,
  onDone,
}: {
  readonly side: SwapSide
  readonly tokens: readonly SwapTokenView[]
  readonly selected: string | null
  readonly onDone: () => void
}) {
  const t = useModuleStrings('swap')
  const id = useId()
  const [query, setQuery] = useState('')
  const shown = filterTokens(tokens, query)
  return (
    <ChoiceList legend={t('tokens')} onChange={onDone}>
      <TextInput
        label={t('search')}
        labelHidden
        type="search"
        placeholder={t('search')}
        value={query}
        onChange={(event) => {
          event.stopPropagation()
          setQuery(event.currentTarget.value)
        }}
      />
      {shown.length === 0 ? <p className="muted">{t('noMatch', { query })}</p> : null}
      {shown.map((token) => (
        <TokenOption
          key={token.address}
          token={token}
          name={`${id}-${side}`}
          side={side}
          selected={selected !== null && selected.toLowerCase() === token.address.toLowerCase()}
        />
      ))}
    </ChoiceList>
  )
}

/** A value still being read: a placeholder that says so to assistive technology. */
function Pending({ label }: { readonly label: string }) {
  return (
    <span className="muted" aria-busy="true">
      <span aria-hidden="true">…</span>
      <span className="visually-hidden">{label}</span>
    </span>
  )
}

export default function Swap() {
  const t = useModuleStrings('swap')
  const locale = useLocale()
  const { swap } = useCommands()
  const form = useAirlockState(selectSwapForm)
  const id = useId()
  const [picking, setPicking] = useState<SwapSide | null>(null)
  const { from, to, swap: state } = form

  // Each problem's text, spelled out so a check over the code finds every key in the strings.
  const problems: Record<SwapProblem, string> = {
    unsupportedNetwork: t('errors.unsupportedNetwork'),
    tokensFailed: t('problems.tokensFailed', { message: form.tokensMessage ?? '' }),
    chooseTokens: t('problems.chooseTokens'),
    enterAmount: t('problems.enterAmount'),
    invalidAmount: t('problems.invalidAmount'),
    invalidSlippage: t('problems.invalidSlippage'),
    insufficientBalance: t('problems.insufficientBalance'),
    noQuote: t('problems.noQuote', { message: form.quoteMessage ?? '' }),
  }
  if (form.problem === 'unsupportedNetwork' || form.problem === 'tokensFailed') {
    return (
      <div className="body">
        <p className="error" role="alert">
          {problems[form.problem]}
        </p>
      </div>
    )
  }

  const loadingTokens = form.tokensStatus === 'loading'
  const quoting = form.quoteStatus === 'loading'
  const side = (which: SwapSide) => {
    const token = which === 'from' ? from : to
    return (
      <Button
        aria-expanded={picking === which}
        aria-controls={`${id}-picker`}
        disabled={loadingTokens}
        onClick={() => setPicking(picking === which ? null : which)}
      >
        {token ? <TokenIcon url={token.logoUri} size={20} /> : null}
        {token ? token.symbol : t('chooseToken')}
        <span className="visually-hidden">{t(which === 'from' ? 'chooseFrom' : 'chooseTo', { symbol: token ? token.symbol : t('none') })}</span>
      </Button>
    )
  }

  return (
    <form
      className="body"
      aria-busy={loadingTokens || quoting}
      onSubmit={(event) => {
        event.preventDefault()
        if (!form.ready) return
        if (form.needsApproval) swap.approve()
        else swap.swap()
      }}
    >
      {loadingTokens ? <Pending label={t('loadingTokens')} /> : null}

      <fieldset>
        <legend>{t('from')}</legend>
        <div className="inline-form">
          <TextInput
            label={t('amount', { symbol: from?.symbol ?? '' })}
            labelHidden
            className="figure-input"
            inputMode="decimal"
            placeholder="0"
            value={state.amountText}
            aria-invalid={form.problem === 'invalidAmount' || form.problem === 'insufficientBalance'}
            onChange={(event) => swap.enterAmount(event.currentTarget.value)}
          />
          {side('from')}
        </div>
        {from ? (
          <span className="link-row">
            <span className="muted">
              {from.balance === null ? t('noBalance') : t('balance', { amount: formatTransactionAmount(from.balance, locale), symbol: from.symbol })}
            </span>
            {/* Max of the native currency would leave nothing for the network fee: offered for tokens only. */}
            {from.balance !== null && !isNative(from.address) ? (
              <Button onClick={() => from.balance !== null && swap.enterAmount(from.balance)}>{t('max')}</Button>
            ) : null}
          </span>
        ) : null}
      </fieldset>

      <div className="link-row">
        <Button aria-label={t('flip')} title={t('flip')} onClick={() => swap.flip()}>
          <span aria-hidden="true">⇅</span>
        </Button>
      </div>

      <fieldset>
        <legend>{t('to')}</legend>
        <div className="inline-form">
          <p className="grow">
            <span className="visually-hidden">{t('amountOut', { symbol: to?.symbol ?? '' })}</span>
            <output className="balance" aria-live="polite">
              {quoting ? <Pending label={t('quoting')} /> : form.toAmount !== null && to ? significant(form.toAmount, locale) : '0'}
            </output>
          </p>
          {side('to')}
        </div>
      </fieldset>

      {picking ? (
        <div id={`${id}-picker`}>
          <TokenPicker side={picking} tokens={form.tokens} selected={picking === 'from' ? state.from : state.to} onDone={() => setPicking(null)} />
        </div>
      ) : null}

      <Facts>
        <Fact term={t('price')}>
          {quoting ? (
            <Pending label={t('quoting')} />
          ) : form.rate !== null && from && to ? (
            t('rate', { from: from.symbol, rate: significant(form.rate, locale), to: to.symbol })
          ) : (
            t('unknown')
          )}
        </Fact>
        <Fact term={t('priceImpact')}>
          {quoting ? (
            <Pending label={t('quoting')} />
          ) : form.priceImpact !== null ? (
            t('percent', { value: formatAmount(form.priceImpact, { locale }) })
          ) : (
            t('unknown')
          )}
        </Fact>
        <Fact term={<label htmlFor={`${id}-slippage`}>{t('slippage')}</label>}>
          <input
            id={`${id}-slippage`}
            className="field"
            inputMode="decimal"
            autoComplete="off"
            size={5}
            value={state.slippageText}
            aria-invalid={form.slippageBps === null}
            onChange={(event) => swap.enterSlippage(event.currentTarget.value)}
          />
        </Fact>
        <Fact term={t('minReceived')}>
          {quoting ? (
            <Pending label={t('quoting')} />
          ) : form.minReceived !== null && to ? (
            t('amountOf', { amount: significant(form.minReceived, locale), symbol: to.symbol })
          ) : (
            t('unknown')
          )}
        </Fact>
        <Fact term={t('fee')}>
          {form.fee === null ? (
            form.key !== null && form.quoteStatus !== 'failed' ? (
              <Pending label={t('quoting')} />
            ) : (
              t('unknown')
            )
          ) : form.fee.usd !== null ? (
            t('feeUsd', { amount: significant(form.fee.amount, locale), symbol: form.fee.symbol, usd: formatFiat(form.fee.usd, 'USD', { locale }) })
          ) : (
            t('amountOf', { amount: significant(form.fee.amount, locale), symbol: form.fee.symbol })
          )}
        </Fact>
      </Facts>

      <p className="muted" role="status">
        {form.problem !== null ? problems[form.problem] : form.needsApproval && from ? t('approveHint', { symbol: from.symbol }) : ''}
      </p>
      <Button type="submit" variant="primary" wide disabled={!form.ready} busy={state.phase === 'approving' || state.phase === 'swapping'}>
        {state.phase === 'approving'
          ? t('approving')
          : state.phase === 'swapping'
            ? t('swapping')
            : form.needsApproval && from
              ? t('approve', { symbol: from.symbol })
              : t('swap')}
      </Button>
    </form>
  )
}
