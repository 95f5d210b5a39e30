/** Sign a message with the connected wallet (viem's signMessage over Airlock's provider), then verify it. */
import { useState } from 'react'
import type { AirlockInstance, CaipNetwork } from 'airlock'
import { strings } from '../strings'
import { code } from '../code'
import type { Outcome } from './ActionCard'
import { SignForm } from './SignForm'
import { errorText, loadEvmActions, useEvmConnection } from './evm'

export function SignCard({ airlock, networks }: { readonly airlock: AirlockInstance; readonly networks: readonly CaipNetwork[] }) {
  const { connected } = useEvmConnection()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })

  const sign = async (message: string) => {
    setOutcome({ kind: 'busy', text: strings.signing })
    try {
      const { signAndVerify } = await loadEvmActions()
      const { account, signature, valid } = await signAndVerify(airlock, networks, message)
      setOutcome({ kind: 'done', label: strings.signature, value: signature, ok: valid, text: valid ? strings.verified(account) : strings.notVerified })
    } catch (error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(error)) })
    }
  }

  return <SignForm code={code.sign} connected={connected} outcome={outcome} onSign={(message) => void sign(message)} />
}
