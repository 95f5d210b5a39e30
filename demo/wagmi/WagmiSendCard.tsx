/** Send native currency with wagmi's useSendTransaction, and show useWaitForTransactionReceipt's receipt. */
import { useEffect, useState, type FormEvent } from 'react'
import { isAddress, parseEther, type Hash } from 'viem'
import { useConnection, useSendTransaction, useWaitForTransactionReceipt } from 'wagmi'
import { strings } from '../strings'
import { code } from '../code'
import { ActionCard, NeedsWallet, type Outcome } from '../app/ActionCard'
import { errorText } from '../app/evm'
import { AMOUNT, DEFAULT_RECEIVER } from '../app/SendCard'

export function WagmiSendCard() {
  const { address, chain } = useConnection()
  const sendTransaction = useSendTransaction()
  const [to, setTo] = useState<string>(DEFAULT_RECEIVER)
  const [amount, setAmount] = useState('0.01')
  const [hash, setHash] = useState<Hash | undefined>()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  const receipt = useWaitForTransactionReceipt({ hash })

  useEffect(() => {
    if (!hash) return
    if (receipt.data) {
      const block = receipt.data.blockNumber.toString()
      const ok = receipt.data.status === 'success'
      setOutcome({ kind: 'done', label: strings.transaction, value: hash, ok, text: ok ? strings.confirmed(block) : strings.reverted(block) })
    } else if (receipt.error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(receipt.error)) })
    }
  }, [hash, receipt.data, receipt.error])

  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (!isAddress(to)) return setOutcome({ kind: 'failed', text: strings.badAddress })
    if (!AMOUNT.test(amount)) return setOutcome({ kind: 'failed', text: strings.badAmount })
    setHash(undefined)
    setOutcome({ kind: 'busy', text: strings.sending })
    try {
      const sent = await sendTransaction.mutateAsync({ to, value: parseEther(amount) })
      setOutcome({ kind: 'busy', text: strings.confirming(sent) })
      setHash(sent)
    } catch (error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(error)) })
    }
  }

  return (
    <ActionCard id="send" heading={strings.sendHeading} outcome={outcome} code={code.wagmiSend}>
      <form className="form" onSubmit={send} noValidate>
        <label htmlFor="send-to">{strings.toLabel}</label>
        <input id="send-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} autoComplete="off" className="mono" />
        <label htmlFor="send-amount">{strings.amountLabel(chain?.nativeCurrency.symbol ?? strings.defaultSymbol)}</label>
        <input id="send-amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" />
        <div className="controls">
          <button type="submit" className="primary" disabled={!address || outcome.kind === 'busy'}>
            {strings.send}
          </button>
        </div>
      </form>
      <NeedsWallet connected={address !== undefined} />
    </ActionCard>
  )
}
