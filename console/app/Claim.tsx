import { useState, type FormEvent } from 'react'
import { api } from '../api'
import { strings } from '../strings'
import { FieldError } from './FieldError'

/** First run: the secret the server printed makes the signed-in owner the administrator. */
export function Claim({ onClaimed, onError }: { onClaimed: () => Promise<void>; onError: (error: unknown) => void }) {
  const [secret, setSecret] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await api.claim(secret.trim())
      await onClaimed()
    } catch (caught) {
      onError(caught)
      setError(caught instanceof Error ? caught.message : strings.errorUnexpected)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="card narrow" aria-labelledby="claim-heading">
      <h1 id="claim-heading">{strings.claimHeading}</h1>
      <p className="lead">{strings.claimLead}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="claim-secret">{strings.claimLabel}</label>
        <div className="row">
          <input
            id="claim-secret"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={secret}
            aria-invalid={error !== null}
            aria-describedby={error ? 'claim-error' : undefined}
            onChange={(e) => setSecret(e.target.value)}
            required
          />
          <button type="submit" className="primary" disabled={busy || secret.trim() === ''}>
            {strings.claimButton}
          </button>
        </div>
        <FieldError id="claim-error" message={error} />
      </form>
    </section>
  )
}
