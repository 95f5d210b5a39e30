/**
 * Send, the form: the token (one of the account's balances), the amount in the token or in USD
 * ("Max" leaves room for the fee), and the receiver as an address or a name, shown with its name
 * and avatar once known. Every control is a labelled native one, so the form is keyboard operable
 * as is; the Preview button says nothing new: the line above it names what is missing.
 */
import { useId } from 'react'
import {
  type TokenBalance,
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
  TokenIcon,
} from 'airlock/plugin'
import { ReceiverIdentity } from '../ReceiverIdentity'
import { selectSendForm, tokenContract } from '../selectors'
import type { FormProblem } from '../validation'
import { receiverKind } from '../receiverKind'

function TokenChoice({ balance, name, selected }: { readonly balance: TokenBalance; readonly name: string; readonly selected: boolean }) {
  const t = useModuleStrings('send')
  const locale = useLocale()
  const { send } = useCommands()
  return (
    <ChoiceRow
      name={name}
      checked={selected}
      onChoose={() => send.chooseToken(balance)}
      icon={<TokenIcon url={balance.iconUrl} />}
      title={balance.name}
      subtitle={t('balance', { amount: formatTransactionAmount(balance.quantity.numeric, locale), symbol: balance.symbol })}
    />
  )
}

export default function WalletSend() {
  const t = useModuleStrings('send')
  const locale = useLocale()
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
        ? `${formatTransactionAmount(state.sendTokenAmount, locale)} ${token.symbol}`
        : form.amountUsd === null
          ? null
          : formatFiat(form.amountUsd, 'USD', { locale })
  const selected = (balance: TokenBalance) => token !== null && tokenContract(balance) === tokenContract(token) && balance.symbol === token.symbol

  return (
    <form
      className="body"
      onSubmit={(event) => {
        event.preventDefault()
        if (form.problem === null) push('WalletSendPreview')
      }}
    >
      <ChoiceList legend={t('token')}>
        {form.tokenBalances.length === 0 ? <p className="muted">{t('noTokens', { network: network.name })}</p> : null}
        {form.tokenBalances.map((balance) => (
          <TokenChoice key={`${balance.address ?? ''}|${balance.symbol}`} balance={balance} name={`${id}-token`} selected={selected(balance)} />
        ))}
      </ChoiceList>

      {token ? (
        <>
          <TextInput
            label={t('amount', { unit: unit === 'usd' ? t('usd') : token.symbol })}
            inputMode="decimal"
            value={state.amountInput.text}
            hint={other === null ? undefined : t('worth', { value: other })}
            onChange={(event) => send.enterAmount(event.currentTarget.value)}
          />
          <p className="link-row">
            <Button disabled={form.max === null} onClick={() => form.max !== null && send.enterAmount(form.max, 'token')}>
              {t('max')}
            </Button>
            {priced ? (
              <Button aria-pressed={unit === 'usd'} onClick={() => send.switchUnit()}>
                {unit === 'token' ? t('inUsd') : t('inToken', { symbol: token.symbol })}
              </Button>
            ) : null}
          </p>
        </>
      ) : null}

      <TextInput
        label={t('receiver')}
        spellCheck={false}
        placeholder={t('receiverHint', { network: network.name })}
        value={receiverText}
        error={
          status === 'notFound'
            ? t('notFound', { name: receiverText, network: network.name })
            : status === 'lookupFailed'
              ? t('errors.resolveName')
              : status === 'invalid'
                ? t('invalidReceiver', { network: network.name })
                : undefined
        }
        hintLive
        hint={
          status === 'resolving' ? (
            t('resolving', { name: receiverText })
          ) : state.receiverAddress !== null && (state.receiverProfileName !== null || state.receiverProfileImageUrl !== null) ? (
            <ReceiverIdentity address={state.receiverAddress} name={state.receiverProfileName} imageUrl={state.receiverProfileImageUrl} />
          ) : undefined
        }
        onChange={(event) => {
          const text = event.currentTarget.value.trim()
          send.enterReceiver(text, receiverKind(text, network.chainNamespace))
        }}
      />

      <p className="muted" role="status">
        {form.problem === null ? '' : problems[form.problem]}
      </p>
      <Button type="submit" variant="primary" wide disabled={form.problem !== null}>
        {t('preview')}
      </Button>
    </form>
  )
}
