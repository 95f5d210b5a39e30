/** Send native currency from the connected wallet (viem's sendTransaction over Airlock's provider), then wait for its receipt. */
import { useState } from 'react'
import type { AirlockInstance, CaipNetwork } from 'airlock'
import { strings } from '../strings'
import { code } from '../code'
import type { Outcome } from './ActionCard'
import { AMOUNT, SendForm } from './SendForm'
import { errorText, loadEvmActions, useEvmConnection } from './evm'

/** An address's form, checked before viem is loaded (the first action loads it). */
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

export function SendCard({ airlock, networks }: { readonly airlock: AirlockInstance; readonly networks: readonly CaipNetwork[] }) {
  const { connected, caipNetworkId } = useEvmConnection()
  const symbol = networks.find((n) => n.caipNetworkId === caipNetworkId)?.nativeCurrency.symbol ?? networks[0]?.nativeCurrency.symbol ?? strings.defaultSymbol
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })

  const send = async (to: string, amount: string) => {
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

  return <SendForm code={code.send} symbol={symbol} connected={connected} outcome={outcome} onSend={(to, amount) => void send(to, amount)} />
}
