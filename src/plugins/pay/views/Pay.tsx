/**
 * Pay: what the site asks (the amount and asset, to whom, on which network), then two ways to pay:
 * from the connected wallet (a transfer it sends), or with an exchange of the provider's list, whose
 * page opens in a popup with the deposit pre-filled (a link when the browser blocks it); the view
 * follows the payment to its end: waiting on the exchange's page, sending, then complete with the
 * transaction, or failed with the reason (role alert). Nothing spins once the payment settled.
 */
import {
  formatExactAmount,
  selectConnectedAccount,
  selectNetworks,
  shortAddress,
  useAirlockState,
  useCommands,
  useLocale,
  useModuleStrings,
  Button,
  Fact,
  Facts,
  List,
  Row,
  Section,
  TokenIcon,
} from 'airlock/plugin'
import { PAY_NAMESPACES } from '../commands'
import type { PayState } from '../state'

const selectPay = (state: { pay?: PayState }): PayState | undefined => state.pay
const selectPayNetworks = selectNetworks(PAY_NAMESPACES[0])

function exact(amount: string, locale: string): string {
  try {
    return formatExactAmount(amount, locale)
  } catch {
    return amount
  }
}

export default function Pay() {
  const t = useModuleStrings('pay')
  const { pay: commands } = useCommands()
  const locale = useLocale()
  const state = useAirlockState(selectPay)
  const account = useAirlockState((root) => selectConnectedAccount(root, PAY_NAMESPACES))
  const networks = useAirlockState(selectPayNetworks)
  const payment = state?.payment
  if (!state || !payment) {
    return (
      <p className="muted body" role="status">
        {t('noPayment')}
      </p>
    )
  }
  const exchange = state.exchanges.list.find((e) => e.id === state.exchangeId)?.name ?? ''
  const onNetwork = account !== undefined && account.caipAddress.startsWith(`${payment.network}:`)
  const choosing = state.step === 'choosing'

  return (
    <div className="body">
      <h3 className="center">{t('summary', { amount: exact(payment.amount, locale), symbol: payment.symbol })}</h3>
      <Facts>
        <Fact term={t('recipient')} testId="pay-recipient">
          <span className="address" title={payment.recipient}>
            {shortAddress(payment.recipient)}
          </span>
        </Fact>
        <Fact term={t('network')}>{networks.find((n) => n.caipNetworkId === payment.network)?.name ?? payment.network}</Fact>
      </Facts>

      {choosing ? (
        <>
          <Button variant="primary" wide disabled={!onNetwork} onClick={() => commands.payFromWallet()}>
            {t('payFromWallet')}
          </Button>
          {onNetwork ? null : <p className="muted">{t('walletHint')}</p>}
          <Section title={t('withExchange')}>
            {state.exchanges.status === 'loading' ? (
              <p className="muted" role="status">
                {t('exchangesLoading')}
              </p>
            ) : null}
            {state.exchanges.status === 'failed' ? (
              <p className="error" role="alert">
                {t('exchangesFailed', { message: state.exchanges.message ?? '' })}
              </p>
            ) : null}
            {state.exchanges.status === 'ready' && state.exchanges.list.length === 0 ? <p className="muted">{t('exchangesNone')}</p> : null}
            {state.exchanges.list.length > 0 ? (
              <List label={t('withExchange')}>
                {state.exchanges.list.map((e) => (
                  <Row key={e.id} icon={<TokenIcon url={e.imageUrl} />} title={e.name} onSelect={() => commands.chooseExchange(e.id)} />
                ))}
              </List>
            ) : null}
          </Section>
        </>
      ) : null}

      {state.step === 'opening' ? (
        <p className="muted" role="status">
          {t('opening', { exchange })}
        </p>
      ) : null}
      {state.step === 'waiting' && !state.blocked ? (
        <p className="muted" role="status">
          {t('waiting', { exchange })}
        </p>
      ) : null}
      {state.step === 'waiting' && state.blocked && state.url !== null ? (
        <p role="status">
          {t('blocked')}{' '}
          <a href={state.url} target="_blank" rel="noopener noreferrer">
            {t('blockedLink', { exchange })}
          </a>
        </p>
      ) : null}
      {state.step === 'sending' ? (
        <p className="muted" role="status">
          {state.method === 'wallet' ? t('confirmInWallet') : t('sending', { exchange })}
        </p>
      ) : null}
      {state.step === 'succeeded' ? (
        <div role="status">
          <p className="center">✓ {t('succeeded')}</p>
          {state.txHash !== null ? (
            <p className="muted address" data-testid="pay-transaction">
              {t('transaction', { hash: state.txHash })}
            </p>
          ) : null}
        </div>
      ) : null}
      {state.step === 'failed' ? (
        <p className="error" role="alert">
          {t('failed', { message: state.message ?? '' })}
        </p>
      ) : null}
    </div>
  )
}
