/**
 * The sign card both sample dApps show (./SignCard on viem, ../wagmi/WagmiSignCard on wagmi): the
 * message, the Sign button, what came of it and the code. Each page signs and verifies in its own
 * way (`onSign`).
 */
import { useState, type FormEvent } from 'react'
import { strings } from '../strings'
import { ActionCard, NeedsWallet, type Outcome } from './ActionCard'

export function SignForm(props: { readonly code: string; readonly connected: boolean; readonly outcome: Outcome; readonly onSign: (message: string) => void }) {
  const { connected, outcome, onSign } = props
  const [message, setMessage] = useState<string>(strings.defaultMessage)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSign(message)
  }
  return (
    <ActionCard id="sign" heading={strings.signHeading} outcome={outcome} code={props.code}>
      <form className="form" onSubmit={submit}>
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
