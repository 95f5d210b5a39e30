import { useState, type FormEvent } from 'react'
import { api } from '../api'
import type { Me } from '../codecs'
import { navigate } from '../route'
import { strings } from '../strings'
import { FieldError } from './FieldError'

/** The owner's projects, and (for the administrator) a form that creates one. */
export function Projects({ me, onError, onChanged }: { me: Me; onError: (error: unknown) => void; onChanged: () => Promise<void> }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const create = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      const project = await api.createProject(name.trim())
      setName('')
      setError(null)
      await onChanged()
      navigate({ projectId: project.id, section: 'settings' })
    } catch (caught) {
      onError(caught)
      setError(caught instanceof Error ? caught.message : strings.errorUnexpected)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="stack">
      <section className="card" aria-labelledby="projects-heading">
        <h1 id="projects-heading">{strings.projectsHeading}</h1>
        {me.projects.length === 0 ? (
          <p className="empty">{me.admin ? strings.projectsEmpty : strings.projectsEmptyOwner}</p>
        ) : (
          <ul className="project-list">
            {me.projects.map((project) => (
              <li key={project.id}>
                <a href={`#/projects/${encodeURIComponent(project.id)}/settings`} aria-label={strings.openProject(project.name)}>
                  <span className="project-name">{project.name}</span>
                  <code className="project-id">{project.id}</code>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {me.admin && (
        <section className="card" aria-labelledby="create-heading">
          <h2 id="create-heading">{strings.createHeading}</h2>
          <form onSubmit={(e) => void create(e)} noValidate>
            <label htmlFor="create-name">{strings.createLabel}</label>
            <div className="row">
              <input
                id="create-name"
                value={name}
                maxLength={200}
                aria-invalid={error !== null}
                aria-describedby={error ? 'create-error' : undefined}
                onChange={(e) => setName(e.target.value)}
              />
              <button type="submit" className="primary" disabled={busy || name.trim() === ''}>
                {strings.createButton}
              </button>
            </div>
            <FieldError id="create-error" message={error} />
          </form>
        </section>
      )}
    </div>
  )
}
