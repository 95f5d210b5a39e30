/**
 * Send native currency with wagmi's useSendTransaction, and show useWaitForTransactionReceipt's
 * receipt; Airlock is told once it has landed (`transactionSettled`), so the modal's balances and
 * activity for that chain are read again.
 */
import { useEffect, useState } from 'react'
import { isAddress, parseEther, type Hash } from 'viem'
import { useConnection, useSendTransaction, useWaitForTransactionReceipt } from 'wagmi'
import { useAirlock } from 'airlock/react'
import { strings } from '../strings'
import { code } from '../code'
import type { Outcome } from '../app/ActionCard'
import { AMOUNT, SendForm } from '../app/SendForm'
import { errorText } from '../app/evm'

export function WagmiSendCard() {
  const airlock = useAirlock()
  const { address, chain } = useConnection()
  const sendTransaction = useSendTransaction()
  const [hash, setHash] = useState<Hash | undefined>()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  const receipt = useWaitForTransactionReceipt({ hash })

  useEffect(() => {
    if (!hash) return
    if (receipt.data) {
      const block = receipt.data.blockNumber.toString()
      const ok = receipt.data.status === 'success'
      airlock.transactionSettled({ namespace: 'eip155', chainId: String(receipt.data.chainId), hash })
      setOutcome({ kind: 'done', label: strings.transaction, value: hash, ok, text: ok ? strings.confirmed(block) : strings.reverted(block) })
    } else if (receipt.error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(receipt.error)) })
    }
  }, [airlock, hash, receipt.data, receipt.error])

  const send = async (to: string, amount: string) => {
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
    <SendForm
      code={code.wagmiSend}
      symbol={chain?.nativeCurrency.symbol ?? strings.defaultSymbol}
      connected={address !== undefined}
      outcome={outcome}
      onSend={(to, amount) => void send(to, amount)}
    />
  )
}
