import { useState, type FormEvent } from 'react'
import { api } from '../api'
import { navigate } from '../route'
import { strings } from '../strings'
import type { SectionProps } from './ProjectPage'
import { FieldError } from './FieldError'

const message = (error: unknown) => (error instanceof Error ? error.message : strings.errorUnexpected)

/** Name, allowed origins (the server validates: its 400 message is shown by the field), delete. */
export function SettingsSection({ project, save, onError, onChanged }: SectionProps) {
  const [name, setName] = useState(project.name)
  const [nameError, setNameError] = useState<string | null>(null)
  const [nameSaved, setNameSaved] = useState(false)
  const [origin, setOrigin] = useState('')
  const [originError, setOriginError] = useState<string | null>(null)
  const [confirm, setConfirm] = useState('')
  const [deleteError, setDeleteError] = useState<string | null>(null)

  const saveName = async (event: FormEvent) => {
    event.preventDefault()
    setNameSaved(false)
    try {
      await save({ name: name.trim() })
      setNameError(null)
      setNameSaved(true)
    } catch (error) {
      setNameError(message(error))
    }
  }
  const addOrigin = async (event: FormEvent) => {
    event.preventDefault()
    const value = origin.trim()
    if (value === '') return
    try {
      await save({ allowedOrigins: [...project.allowedOrigins, value] })
      setOrigin('')
      setOriginError(null)
    } catch (error) {
      setOriginError(message(error))
    }
  }
  const removeOrigin = async (gone: string) => {
    try {
      await save({ allowedOrigins: project.allowedOrigins.filter((o) => o !== gone) })
      setOriginError(null)
    } catch (error) {
      setOriginError(message(error))
    }
  }
  const remove = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await api.deleteProject(project.id)
      await onChanged()
      navigate(null)
    } catch (error) {
      onError(error)
      setDeleteError(message(error))
    }
  }

  return (
    <div className="stack">
      <section className="card" aria-labelledby="name-heading">
        <h2 id="name-heading">{strings.nameHeading}</h2>
        <form onSubmit={(e) => void saveName(e)} noValidate>
          <label htmlFor="project-name">{strings.nameLabel}</label>
          <div className="row">
            <input
              id="project-name"
              value={name}
              maxLength={200}
              aria-invalid={nameError !== null}
              aria-describedby="name-error"
              onChange={(e) => {
                setName(e.target.value)
                setNameSaved(false)
              }}
            />
            <button type="submit" className="primary" disabled={name.trim() === '' || name.trim() === project.name}>
              {strings.save}
            </button>
          </div>
          <FieldError id="name-error" message={nameError} />
          {nameSaved && (
            <p className="ok" role="status">
              {strings.saved}
            </p>
          )}
        </form>
      </section>

      <section className="card" aria-labelledby="origins-heading">
        <h2 id="origins-heading">{strings.originsHeading}</h2>
        <p className="hint">{strings.originsLead}</p>
        {project.allowedOrigins.length === 0 ? (
          <p className="empty">{strings.originsEmpty}</p>
        ) : (
          <ul className="chips" aria-labelledby="origins-heading">
            {project.allowedOrigins.map((o) => (
              <li key={o} className="chip">
                <code>{o}</code>
                <button
                  type="button"
                  className="icon-button small"
                  aria-label={strings.removeOrigin(o)}
                  title={strings.removeOrigin(o)}
                  onClick={() => void removeOrigin(o)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(e) => void addOrigin(e)} noValidate>
          <label htmlFor="origin-input">{strings.originLabel}</label>
          <div className="row">
            <input
              id="origin-input"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder={strings.originPlaceholder}
              value={origin}
              aria-invalid={originError !== null}
              aria-describedby="origin-error"
              onChange={(e) => setOrigin(e.target.value)}
            />
            <button type="submit" className="primary" disabled={origin.trim() === ''}>
              {strings.addOrigin}
            </button>
          </div>
          <FieldError id="origin-error" message={originError} />
        </form>
      </section>

      <section className="card danger-zone" aria-labelledby="delete-heading">
        <h2 id="delete-heading">{strings.deleteHeading}</h2>
        <p className="hint">{strings.deleteLead}</p>
        <form onSubmit={(e) => void remove(e)} noValidate>
          <label htmlFor="delete-confirm">{strings.deleteConfirm(project.name)}</label>
          <div className="row">
            <input id="delete-confirm" autoComplete="off" value={confirm} aria-describedby="delete-error" onChange={(e) => setConfirm(e.target.value)} />
            <button type="submit" className="danger" disabled={confirm !== project.name}>
              {strings.deleteButton}
            </button>
          </div>
          <FieldError id="delete-error" message={deleteError} />
        </form>
      </section>
    </div>
  )
}
