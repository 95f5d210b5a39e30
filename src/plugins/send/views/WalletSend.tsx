/**
 * Send, the form: the token (one of the account's balances), the amount in the token or in USD
 * ("Max" leaves room for the fee), and the receiver as an address or a name, shown with its name
 * and avatar once known. Every control is a labelled native one, so the form is keyboard operable
 * as is; the Preview button says nothing new: the line above it names what is missing.
 */
import { useId } from 'react'
import type { TokenBalance } from '../../../events/account'
import { formatNumber, formatTransactionAmount } from '../../../format/number'
import { useAirlockState } from '../../../ui/react/useAirlockState'
import { useCommands } from '../../../ui/react/useCommands'
import { useModuleStrings } from '../../../ui/react/useModuleStrings'
import { useRemoteImage } from '../../../ui/react/useRemoteImage'
import { ReceiverIdentity } from '../ReceiverIdentity'
import { selectSendForm, tokenContract } from '../selectors'
import type { FormProblem } from '../validation'
import { receiverKind } from '../receiverKind'

function TokenChoice({ balance, name, selected }: { readonly balance: TokenBalance; readonly name: string; readonly selected: boolean }) {
  const t = useModuleStrings('send')
  const { send } = useCommands()
  // A Blockchain API answer is remote input: only an image URL the modal allows is shown.
  const icon = useRemoteImage(balance.iconUrl)
  return (
    <label className="item" aria-current={selected}>
      <input type="radio" name={name} checked={selected} onChange={() => send.chooseToken(balance)} />
      {icon ? <img src={icon} alt="" width={28} height={28} /> : <span className="token-icon" aria-hidden="true" />}
      <span className="stack">
        <span className="name">{balance.name}</span>
        <span className="muted">{t('balance', { amount: formatTransactionAmount(balance.quantity.numeric), symbol: balance.symbol })}</span>
      </span>
    </label>
  )
}

export default function WalletSend() {
  const t = useModuleStrings('send')
  const { send, push } = useCommands()
  const form = useAirlockState(selectSendForm)
  const id = useId()
  const { network, token, send: state } = form
  // Each problem's text, spelled out so a check over the code finds every key in the strings.
  const problems: Record<FormProblem, string> = {
    unsupportedChain: t('errors.unsupportedChain'),
    amountAndReceiverRequired: t('errors.amountAndReceiverRequired'),
    tokenRequired: t('errors.tokenRequired'),
    invalidAmount: t('errors.invalidAmount'),
    insufficientBalance: t('errors.insufficientBalance'),
  }
  if (!form.supported || !network) {
    return (
      <p className="error" role="alert">
        {problems.unsupportedChain}
      </p>
    )
  }

  const { text: receiverText, status } = state.receiverInput
  const unit = state.amountInput.unit
  const priced = token !== null && token.price > 0
  // What the typed amount is in the other unit.
  const other =
    token === null || state.sendTokenAmount === null
      ? null
      : unit === 'usd'
        ? `${formatTransactionAmount(state.sendTokenAmount)} ${token.symbol}`
        : form.amountUsd === null
          ? null
          : `$${formatNumber(form.amountUsd)}`
  const selected = (balance: TokenBalance) => token !== null && tokenContract(balance) === tokenContract(token) && balance.symbol === token.symbol

  return (
    <form
      className="body"
      onSubmit={(event) => {
        event.preventDefault()
        if (form.problem === null) push('WalletSendPreview')
      }}
    >
      <fieldset className="list">
        <legend>{t('token')}</legend>
        {form.tokenBalances.length === 0 ? <p className="muted">{t('noTokens', { network: network.name })}</p> : null}
        {form.tokenBalances.map((balance) => (
          <TokenChoice key={`${balance.address ?? ''}|${balance.symbol}`} balance={balance} name={`${id}-token`} selected={selected(balance)} />
        ))}
      </fieldset>

      {token ? (
        <p>
          <label htmlFor={`${id}-amount`}>{t('amount', { unit: unit === 'usd' ? t('usd') : token.symbol })}</label>
          <input
            id={`${id}-amount`}
            className="search"
            inputMode="decimal"
            autoComplete="off"
            value={state.amountInput.text}
            aria-describedby={`${id}-amount-other`}
            onChange={(event) => send.enterAmount(event.currentTarget.value)}
          />
          <span id={`${id}-amount-other`} className="muted">
            {other === null ? '' : t('worth', { value: other })}
          </span>
          <span className="link-row">
            <button type="button" className="secondary" disabled={form.max === null} onClick={() => form.max !== null && send.enterAmount(form.max, 'token')}>
              {t('max')}
            </button>
            {priced ? (
              <button type="button" className="secondary" aria-pressed={unit === 'usd'} onClick={() => send.switchUnit()}>
                {unit === 'token' ? t('inUsd') : t('inToken', { symbol: token.symbol })}
              </button>
            ) : null}
          </span>
        </p>
      ) : null}

      <p>
        <label htmlFor={`${id}-receiver`}>{t('receiver')}</label>
        <input
          id={`${id}-receiver`}
          className="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('receiverHint', { network: network.name })}
          value={receiverText}
          aria-describedby={`${id}-receiver-status`}
          aria-invalid={status === 'invalid' || status === 'notFound'}
          onChange={(event) => {
            const text = event.currentTarget.value.trim()
            send.enterReceiver(text, receiverKind(text, network.chainNamespace))
          }}
        />
        <span id={`${id}-receiver-status`} role="status">
          {status === 'resolving' ? <span className="muted">{t('resolving', { name: receiverText })}</span> : null}
          {status === 'notFound' ? <span className="error">{t('notFound', { name: receiverText, network: network.name })}</span> : null}
          {status === 'invalid' ? <span className="error">{t('invalidReceiver', { network: network.name })}</span> : null}
          {state.receiverAddress !== null && (state.receiverProfileName !== null || state.receiverProfileImageUrl !== null) ? (
            <ReceiverIdentity address={state.receiverAddress} name={state.receiverProfileName} imageUrl={state.receiverProfileImageUrl} />
          ) : null}
        </span>
      </p>

      <p className="muted" role="status">
        {form.problem === null ? '' : problems[form.problem]}
      </p>
      <button type="submit" className="primary" disabled={form.problem !== null}>
        {t('preview')}
      </button>
    </form>
  )
}
