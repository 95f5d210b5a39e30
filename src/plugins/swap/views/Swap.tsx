/**
 * Swap (SPEC §2): the token to pay with and the amount, a flip, the token to receive and the amount
 * out from the quote, then the price, the price impact, the slippage tolerance, the least received
 * and the network fee; "Approve X" first when the router's allowance is short, then "Swap". The
 * form renders at once: the parts still being read show a placeholder and fill in as the answers
 * arrive. Every control is a labelled native one, so the view is keyboard operable as is.
 */
import { useId, useState } from 'react'
import { formatNumber, formatTransactionAmount } from '../../../format/number'
import { useAirlockState } from '../../../ui/react/useAirlockState'
import { useCommands } from '../../../ui/react/useCommands'
import { useModuleStrings } from '../../../ui/react/useModuleStrings'
import { useRemoteImage } from '../../../ui/react/useRemoteImage'
import type { SwapSide } from '../events'
import { filterTokens, isNative, selectSwapForm, type SwapProblem, type SwapTokenView } from '../selectors'

/** Up to 6 significant digits, for prices that may be far below 1. */
function significant(value: string | number): string {
  const n = Number(value)
  if (!Number.isFinite(n)) return String(value)
  return n >= 1000 ? formatNumber(n, { decimals: 2 }) : String(Number(n.toPrecision(6)))
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
  const { swap } = useCommands()
  // A Blockchain API answer is remote input: only an image URL the modal allows is shown.
  const icon = useRemoteImage(token.logoUri)
  return (
    <label className="item" aria-current={selected}>
      <input type="radio" name={name} checked={selected} onChange={() => swap.chooseToken(side, token.address)} />
      {icon ? <img src={icon} alt="" width={28} height={28} /> : <span className="token-icon" aria-hidden="true" />}
      <span className="stack">
        <span className="name">
          {token.symbol} · {token.name}
        </span>
        <span className="muted">
          {token.balance === null ? t('noBalance') : t('balance', { amount: formatTransactionAmount(token.balance), symbol: token.symbol })}
        </span>
      </span>
    </label>
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
    <fieldset className="list" onChange={onDone}>
      <legend>{t('tokens')}</legend>
      <label htmlFor={`${id}-search`} className="visually-hidden">
        {t('search')}
      </label>
      <input
        id={`${id}-search`}
        className="search"
        type="search"
        autoComplete="off"
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
    </fieldset>
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
      <button
        type="button"
        className="secondary"
        aria-expanded={picking === which}
        aria-controls={`${id}-picker`}
        disabled={loadingTokens}
        onClick={() => setPicking(picking === which ? null : which)}
      >
        {token ? token.symbol : t('chooseToken')}
        <span className="visually-hidden">{t(which === 'from' ? 'chooseFrom' : 'chooseTo', { symbol: token ? token.symbol : t('none') })}</span>
      </button>
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
        {side('from')}
        <label htmlFor={`${id}-amount`} className="visually-hidden">
          {t('amount', { symbol: from?.symbol ?? '' })}
        </label>
        <input
          id={`${id}-amount`}
          className="search"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={state.amountText}
          aria-invalid={form.problem === 'invalidAmount' || form.problem === 'insufficientBalance'}
          onChange={(event) => swap.enterAmount(event.currentTarget.value)}
        />
        {from ? (
          <span className="link-row">
            <span className="muted">
              {from.balance === null ? t('noBalance') : t('balance', { amount: formatTransactionAmount(from.balance), symbol: from.symbol })}
            </span>
            {/* Max of the native currency would leave nothing for the network fee: offered for tokens only. */}
            {from.balance !== null && !isNative(from.address) ? (
              <button type="button" className="secondary" onClick={() => from.balance !== null && swap.enterAmount(from.balance)}>
                {t('max')}
              </button>
            ) : null}
          </span>
        ) : null}
      </fieldset>

      <p className="center">
        <button type="button" className="secondary" aria-label={t('flip')} title={t('flip')} onClick={() => swap.flip()}>
          <span aria-hidden="true">⇅</span>
        </button>
      </p>

      <fieldset>
        <legend>{t('to')}</legend>
        {side('to')}
        <p>
          <span className="visually-hidden">{t('amountOut', { symbol: to?.symbol ?? '' })}</span>
          <output className="balance" htmlFor={`${id}-amount`} aria-live="polite">
            {quoting ? <Pending label={t('quoting')} /> : form.toAmount !== null && to ? significant(form.toAmount) : '0'}
          </output>
        </p>
      </fieldset>

      {picking ? (
        <div id={`${id}-picker`}>
          <TokenPicker side={picking} tokens={form.tokens} selected={picking === 'from' ? state.from : state.to} onDone={() => setPicking(null)} />
        </div>
      ) : null}

      <dl className="list">
        <div className="item">
          <dt className="name">{t('price')}</dt>
          <dd>
            {quoting ? (
              <Pending label={t('quoting')} />
            ) : form.rate !== null && from && to ? (
              t('rate', { from: from.symbol, rate: significant(form.rate), to: to.symbol })
            ) : (
              t('unknown')
            )}
          </dd>
        </div>
        <div className="item">
          <dt className="name">{t('priceImpact')}</dt>
          <dd>
            {quoting ? <Pending label={t('quoting')} /> : form.priceImpact !== null ? t('percent', { value: formatNumber(form.priceImpact) }) : t('unknown')}
          </dd>
        </div>
        <div className="item">
          <dt className="name">
            <label htmlFor={`${id}-slippage`}>{t('slippage')}</label>
          </dt>
          <dd>
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
          </dd>
        </div>
        <div className="item">
          <dt className="name">{t('minReceived')}</dt>
          <dd>
            {quoting ? (
              <Pending label={t('quoting')} />
            ) : form.minReceived !== null && to ? (
              t('amountOf', { amount: significant(form.minReceived), symbol: to.symbol })
            ) : (
              t('unknown')
            )}
          </dd>
        </div>
        <div className="item">
          <dt className="name">{t('fee')}</dt>
          <dd>
            {form.fee === null ? (
              form.key !== null && form.quoteStatus !== 'failed' ? (
                <Pending label={t('quoting')} />
              ) : (
                t('unknown')
              )
            ) : form.fee.usd !== null ? (
              t('feeUsd', { amount: significant(form.fee.amount), symbol: form.fee.symbol, usd: formatNumber(form.fee.usd) })
            ) : (
              t('amountOf', { amount: significant(form.fee.amount), symbol: form.fee.symbol })
            )}
          </dd>
        </div>
      </dl>

      <p className="muted" role="status">
        {form.problem !== null ? problems[form.problem] : form.needsApproval && from ? t('approveHint', { symbol: from.symbol }) : ''}
      </p>
      <button type="submit" className="primary" disabled={!form.ready}>
        {state.phase === 'approving'
          ? t('approving')
          : state.phase === 'swapping'
            ? t('swapping')
            : form.needsApproval && from
              ? t('approve', { symbol: from.symbol })
              : t('swap')}
      </button>
    </form>
  )
}
