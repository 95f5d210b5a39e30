/**
 * Ask for a payment (`pay(airlock, …)`, the `pay` feature): the recipient and the amount of the
 * chain's native currency; Pay opens the modal on Pay, where the visitor pays from the connected
 * wallet or with an exchange (services/exchange); the card shows the transaction, or the reason.
 */
import { useState, type FormEvent } from 'react'
import { pay, type AirlockInstance, type CaipNetwork } from 'airlock'
import { strings } from '../strings'
import { code } from '../code'
import { ActionCard, type Outcome } from './ActionCard'
import { AMOUNT } from './SendForm'
import { errorText } from './evm'

/** anvil's tenth development account: the demo shop's till. */
export const SHOP_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

export function PayCard({ airlock, networks }: { readonly airlock: AirlockInstance; readonly networks: readonly CaipNetwork[] }) {
  const network = networks[0]
  const [to, setTo] = useState(SHOP_ADDRESS)
  const [amount, setAmount] = useState('0.05')
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  if (!network) return null
  const symbol = network.nativeCurrency.symbol

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!AMOUNT.test(amount)) return setOutcome({ kind: 'failed', text: strings.badAmount })
    setOutcome({ kind: 'busy', text: strings.paying })
    try {
      const result = await pay(airlock, {
        recipient: to,
        amount,
        network: network.caipNetworkId,
        asset: 'native',
        symbol,
        decimals: network.nativeCurrency.decimals,
      })
      setOutcome({ kind: 'done', label: strings.transaction, value: result.txHash, ok: true, text: strings.paid(result.exchangeId ?? result.method) })
    } catch (error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(error)) })
    }
  }

  return (
    <ActionCard id="pay" heading={strings.payHeading} outcome={outcome} code={code.pay}>
      <p className="hint">{strings.payLead}</p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor="pay-to">{strings.toLabel}</label>
        <input id="pay-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} autoComplete="off" className="mono" />
        <label htmlFor="pay-amount">{strings.amountLabel(symbol)}</label>
        <input id="pay-amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" />
        <div className="controls">
          <button type="submit" className="primary" disabled={outcome.kind === 'busy'}>
            {strings.payButton}
          </button>
        </div>
      </form>
    </ActionCard>
  )
}
