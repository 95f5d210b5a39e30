/**
 * The preview of a send: the amount (exact, as it will be sent) and its USD value, the receiver,
 * the network and the network fee read from the chain; Send asks the wallet. While the send is
 * under way the buttons wait; after a failure Send offers to try again.
 */
import {
  formatExactAmount,
  formatFiat,
  useLocale,
  useAirlockState,
  useCommands,
  useModuleStrings,
  Button,
  TokenIcon,
  Fact,
  Facts,
  roundHalfUp,
} from 'airlock/plugin'

/** Fee digits shown: enough for a fee of a few gwei-priced gas units, no more. */
const FEE_PLACES = 8
import { ReceiverIdentity } from '../ReceiverIdentity'
import { selectSendForm } from '../selectors'

export default function WalletSendPreview() {
  const t = useModuleStrings('send')
  const locale = useLocale()
  const { send, back } = useCommands()
  const form = useAirlockState(selectSendForm)
  const { token, network, fee, send: state } = form
  const amount = state.sendTokenAmount
  if (!token || !network || amount === null || state.receiverAddress === null) {
    // The form was reset under the preview (the network switched, a send landed).
    return (
      <div className="body center">
        <p className="muted">{t('reset')}</p>
        <Button onClick={() => back()}>{t('back')}</Button>
      </div>
    )
  }

  return (
    <div className="body">
      <p className="muted">{t('review')}</p>
      <div className="center">
        <TokenIcon url={token.iconUrl} size={40} />
        <span className="balance" data-testid="send-amount">
          {t('amountOf', { amount: formatExactAmount(amount, locale), symbol: token.symbol })}
        </span>
        {form.amountUsd === null ? null : <span className="muted">{formatFiat(form.amountUsd, 'USD', { locale })}</span>}
      </div>
      <Facts>
        <Fact term={t('receiver')}>
          <ReceiverIdentity address={state.receiverAddress} name={state.receiverProfileName} imageUrl={state.receiverProfileImageUrl} />
        </Fact>
        <Fact term={t('network')}>{network.name}</Fact>
        <Fact term={t('fee')} live>
          {fee.status === 'ready' ? (
            <>
              {t('amountOf', { amount: formatExactAmount(roundHalfUp(fee.amount, FEE_PLACES), locale), symbol: fee.symbol })}
              {fee.usd === null ? null : <span className="muted"> ({formatFiat(fee.usd, 'USD', { locale })})</span>}
            </>
          ) : fee.status === 'failed' ? (
            t('feeUnavailable')
          ) : (
            t('feeEstimating')
          )}
        </Fact>
      </Facts>
      <div className="link-row">
        <Button disabled={state.loading} onClick={() => back()}>
          {t('back')}
        </Button>
        <Button variant="primary" busy={state.loading} onClick={() => send.send()}>
          {state.loading ? t('sending') : state.lastRetry !== null ? t('retry') : t('send')}
        </Button>
      </div>
    </div>
  )
}
