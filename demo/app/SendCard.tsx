/** Send native currency from the connected wallet (viem's sendTransaction over Airlock's provider), then wait for its receipt. */
import { useState, type FormEvent } from 'react'
import type { AirlockInstance, CaipNetwork } from 'airlock'
import { strings } from '../strings'
import { code } from '../code'
import { ActionCard, NeedsWallet, type Outcome } from './ActionCard'
import { errorText, loadEvmActions, useEvmConnection } from './evm'

/** Anvil's second development account: a receiver that exists on every local chain. */
export const DEFAULT_RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const AMOUNT = /^\d+(\.\d{1,18})?$/
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/

export function SendCard({ airlock, networks }: { readonly airlock: AirlockInstance; readonly networks: readonly CaipNetwork[] }) {
  const { connected, caipNetworkId } = useEvmConnection()
  const symbol = networks.find((n) => n.caipNetworkId === caipNetworkId)?.nativeCurrency.symbol ?? networks[0]?.nativeCurrency.symbol ?? strings.defaultSymbol
  const [to, setTo] = useState(DEFAULT_RECEIVER)
  const [amount, setAmount] = useState('0.01')
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (!ADDRESS.test(to)) return setOutcome({ kind: 'failed', text: strings.badAddress })
    if (!AMOUNT.test(amount)) return setOutcome({ kind: 'failed', text: strings.badAmount })
    setOutcome({ kind: 'busy', text: strings.sending })
    try {
      const { sendAndWait } = await loadEvmActions()
      const { hash, receipt } = await sendAndWait(airlock, networks, to as `0x${string}`, amount, (sent) =>
        setOutcome({ kind: 'busy', text: strings.confirming(sent) }),
      )
      const block = receipt.blockNumber.toString()
      const ok = receipt.status === 'success'
      setOutcome({ kind: 'done', label: strings.transaction, value: hash, ok, text: ok ? strings.confirmed(block) : strings.reverted(block) })
    } catch (error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(error)) })
    }
  }

  return (
    <ActionCard id="send" heading={strings.sendHeading} outcome={outcome} code={code.send}>
      <form className="form" onSubmit={send} noValidate>
        <label htmlFor="send-to">{strings.toLabel}</label>
        <input id="send-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} autoComplete="off" className="mono" />
        <label htmlFor="send-amount">{strings.amountLabel(symbol)}</label>
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
