/** Sign a message with wagmi's useSignMessage, and verify it with the chain's public client. */
import { useState, type FormEvent } from 'react'
import { useConnection, usePublicClient, useSignMessage } from 'wagmi'
import { strings } from '../strings'
import { code } from '../code'
import { ActionCard, NeedsWallet, type Outcome } from '../app/ActionCard'
import { errorText } from '../app/evm'

export function WagmiSignCard() {
  const { address } = useConnection()
  const client = usePublicClient()
  const signMessage = useSignMessage()
  const [message, setMessage] = useState<string>(strings.defaultMessage)
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })

  const sign = async (event: FormEvent) => {
    event.preventDefault()
    if (!address || !client) return
    setOutcome({ kind: 'busy', text: strings.signing })
    try {
      const signature = await signMessage.mutateAsync({ message })
      const valid = await client.verifyMessage({ address, message, signature })
      setOutcome({ kind: 'done', label: strings.signature, value: signature, ok: valid, text: valid ? strings.verified(address) : strings.notVerified })
    } catch (error) {
      setOutcome({ kind: 'failed', text: strings.failed(errorText(error)) })
    }
  }

  return (
    <ActionCard id="sign" heading={strings.signHeading} outcome={outcome} code={code.wagmiSign}>
      <form className="form" onSubmit={sign}>
        <label htmlFor="sign-message">{strings.messageLabel}</label>
        <textarea id="sign-message" rows={2} value={message} onChange={(e) => setMessage(e.target.value)} />
        <div className="controls">
          <button type="submit" className="primary" disabled={!address || outcome.kind === 'busy' || message === ''}>
            {strings.sign}
          </button>
        </div>
      </form>
      <NeedsWallet connected={address !== undefined} />
    </ActionCard>
  )
}
