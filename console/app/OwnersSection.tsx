import { useState, type FormEvent } from 'react'
import { api } from '../api'
import { strings } from '../strings'
import type { SectionProps } from './ProjectPage'
import { FieldError } from './FieldError'

const message = (error: unknown) => (error instanceof Error ? error.message : strings.errorUnexpected)

/** The project's owners: add by address, remove (the server keeps the last one). */
export function OwnersSection({ project, me, setProject, onError, onChanged }: SectionProps) {
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string | null>(null)
  const same = (a: string) => a.toLowerCase() === me.address.toLowerCase()

  const add = async (event: FormEvent) => {
    event.preventDefault()
    try {
      setProject(await api.addOwner(project.id, address.trim()))
      setAddress('')
      setError(null)
    } catch (caught) {
      onError(caught)
      setError(message(caught))
    }
  }
  const remove = async (owner: string) => {
    try {
      setProject(await api.removeOwner(project.id, owner))
      setError(null)
      // Removing oneself: the project is no longer this owner's.
      if (same(owner)) await onChanged()
    } catch (caught) {
      onError(caught)
      setError(message(caught))
    }
  }

  return (
    <section className="card" aria-labelledby="owners-heading">
      <h2 id="owners-heading">{strings.ownersHeading}</h2>
      <p className="hint">{strings.ownersLead}</p>
      <ul className="owners" aria-labelledby="owners-heading">
        {project.owners.map((owner) => (
          <li key={owner}>
            <code className="address">{owner}</code>
            {same(owner) && <span className="badge">{strings.you}</span>}
            <button type="button" className="secondary small" aria-label={strings.removeOwner(owner)} onClick={() => void remove(owner)}>
              {strings.remove}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void add(e)} noValidate>
        <label htmlFor="owner-input">{strings.ownerLabel}</label>
        <div className="row">
          <input
            id="owner-input"
            autoComplete="off"
            spellCheck={false}
            value={address}
            aria-invalid={error !== null}
            aria-describedby="owner-error"
            onChange={(e) => setAddress(e.target.value)}
          />
          <button type="submit" className="primary" disabled={address.trim() === ''}>
            {strings.addOwner}
          </button>
        </div>
        <FieldError id="owner-error" message={error} />
      </form>
    </section>
  )
}
