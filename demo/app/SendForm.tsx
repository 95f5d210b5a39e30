/**
 * The send card both sample dApps show (./SendCard on viem, ../wagmi/WagmiSendCard on wagmi): the
 * receiver and the amount, the Send button, what came of it and the code. Each page checks the
 * fields and sends in its own way (`onSend`).
 */
import { useState, type FormEvent } from 'react'
import { strings } from '../strings'
import { ActionCard, NeedsWallet, type Outcome } from './ActionCard'

/** Anvil's second development account: a receiver that exists on every local chain. */
export const DEFAULT_RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** An amount of the native currency, in its decimal units. */
export const AMOUNT = /^\d+(\.\d{1,18})?$/

export function SendForm(props: {
  readonly code: string
  /** The native currency's symbol, for the amount's label. */
  readonly symbol: string
  readonly connected: boolean
  readonly outcome: Outcome
  readonly onSend: (to: string, amount: string) => void
}) {
  const { connected, outcome, onSend } = props
  const [to, setTo] = useState(DEFAULT_RECEIVER)
  const [amount, setAmount] = useState('0.01')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSend(to, amount)
  }
  return (
    <ActionCard id="send" heading={strings.sendHeading} outcome={outcome} code={props.code}>
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor="send-to">{strings.toLabel}</label>
        <input id="send-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} autoComplete="off" className="mono" />
        <label htmlFor="send-amount">{strings.amountLabel(props.symbol)}</label>
        <input id="send-amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" />
        <div className="controls">
          <button type="submit" className="primary" disabled={!connected || outcome.kind === 'busy'}>
            {strings.send}
          </button>
        </div>
      </form>
      <NeedsWallet connected={connected} />
    </ActionCard>
  )
}
