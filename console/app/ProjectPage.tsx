import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { api, type ProjectPatch } from '../api'
import type { Me, Project } from '../codecs'
import { navigate, SECTIONS, type Route, type Section } from '../route'
import { strings } from '../strings'
import { Tabs } from './Tabs'
import { SettingsSection } from './SettingsSection'
import { FeaturesSection } from './FeaturesSection'
import { WalletsSection } from './WalletsSection'
import { OwnersSection } from './OwnersSection'

// The charts (uPlot) load with the Analytics section, not with the page.
const AnalyticsSection = lazy(() => import('./AnalyticsSection').then((m) => ({ default: m.AnalyticsSection })))

const LABELS: Record<Section, string> = {
  settings: strings.tabSettings,
  features: strings.tabFeatures,
  wallets: strings.tabWallets,
  owners: strings.tabOwners,
  analytics: strings.tabAnalytics,
}

export interface SectionProps {
  project: Project
  me: Me
  /** Send a change; resolves to the project as the server keeps it, rejects with its refusal. */
  save: (patch: ProjectPatch) => Promise<Project>
  setProject: (project: Project) => void
  onError: (error: unknown) => void
  onChanged: () => Promise<void>
}

/** One project: its name and id, then its sections as tabs. */
export function ProjectPage({
  me,
  route,
  onError,
  onChanged,
}: {
  me: Me
  route: NonNullable<Route>
  onError: (error: unknown) => void
  onChanged: () => Promise<void>
}) {
  const [project, setProject] = useState<Project | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    api.project(route.projectId).then(setProject, (caught: unknown) => {
      onError(caught)
      setError(caught instanceof Error ? caught.message : strings.errorUnexpected)
    })
  }, [route.projectId, onError])

  const save = useCallback(
    async (patch: ProjectPatch) => {
      try {
        const next = await api.patchProject(route.projectId, patch)
        setProject(next)
        if (patch.name !== undefined) void onChanged()
        return next
      } catch (caught) {
        onError(caught)
        throw caught
      }
    },
    [route.projectId, onError, onChanged],
  )

  const back = (
    <a className="back" href="#/">
      <span aria-hidden="true">← </span>
      {strings.backToProjects}
    </a>
  )
  if (error) {
    return (
      <div className="stack">
        {back}
        <p className="notice" role="alert">
          {error}
        </p>
      </div>
    )
  }
  if (!project) return <p role="status">{strings.loading}</p>

  const props: SectionProps = { project, me, save, setProject, onError, onChanged }
  return (
    <div className="stack">
      {back}
      <div className="project-head">
        <h1>{project.name}</h1>
        <p className="hint">
          {strings.projectId} <code>{project.id}</code>
        </p>
      </div>
      <Tabs
        label={strings.sectionsLabel}
        tabs={SECTIONS.map((key) => ({ key, label: LABELS[key] }))}
        selected={route.section}
        panelId="section-panel"
        onSelect={(section) => navigate({ projectId: route.projectId, section })}
      />
      <div id="section-panel" role="tabpanel" aria-labelledby={`tab-${route.section}`} className="panel">
        {route.section === 'settings' && <SettingsSection {...props} />}
        {route.section === 'features' && <FeaturesSection {...props} />}
        {route.section === 'wallets' && <WalletsSection {...props} />}
        {route.section === 'owners' && <OwnersSection {...props} />}
        {route.section === 'analytics' && (
          <Suspense fallback={<p role="status">{strings.loading}</p>}>
            <AnalyticsSection {...props} />
          </Suspense>
        )}
      </div>
    </div>
  )
}
