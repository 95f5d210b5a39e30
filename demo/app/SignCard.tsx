/** Sign a message with the connected wallet (viem's signMessage over Airlock's provider), then verify it. */
import { useState, type FormEvent } from 'react'
import type { AirlockInstance, CaipNetwork } from 'airlock'
import { strings } from '../strings'
import { code } from '../code'
import { ActionCard, NeedsWallet, type Outcome } from './ActionCard'
import { errorText, loadEvmActions, useEvmConnection } from './evm'

export function SignCard({ airlock, networks }: { readonly airlock: AirlockInstance; readonly networks: readonly CaipNetwork[] }) {
  const { connected } = useEvmConnection()
  const [message, setMessage] = useState<string>(strings.defaultMessage)
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })

  const sign = async (event: FormEvent) => {
    event.preventDefault()
    setOutcome({ kind: 'busy', text: strings.signing })
    try {
      const { signAndVerify } = await loadEvmActions()
      const { account, signature, valid } = await signAndVerify(airlock, networks, message)
      setOutcome({ kind: 'done', label: strings.signature, value: signature, ok: valid, text: valid ? strings.verified(account) : strings.notVerified })
    } catch (error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(error)) })
    }
  }

  return (
    <ActionCard id="sign" heading={strings.signHeading} outcome={outcome} code={code.sign}>
      <form className="form" onSubmit={sign}>
        <label htmlFor="sign-message">{strings.messageLabel}</label>
        <textarea id="sign-message" rows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
        <div className="controls">
          <button type="submit" className="primary" disabled={!connected || outcome.kind === 'busy' || message === ''}>
            {strings.sign}
          </button>
        </div>
      </form>
      <NeedsWallet connected={connected} />
    </ActionCard>
  )
}
