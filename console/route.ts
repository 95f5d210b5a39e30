/** The console's place, kept in the location's hash: `#/projects/<id>/<section>`. */
import { useEffect, useState } from 'react'

export const SECTIONS = ['settings', 'features', 'wallets', 'owners', 'analytics'] as const
export type Section = (typeof SECTIONS)[number]
export type Route = { projectId: string; section: Section } | null

export function parseRoute(hash: string): Route {
  const match = /^#\/projects\/([^/]+)(?:\/([a-z]+))?$/.exec(hash)
  if (!match?.[1]) return null
  const section = SECTIONS.find((s) => s === match[2]) ?? 'settings'
  return { projectId: decodeURIComponent(match[1]), section }
}

export const routeHash = (route: Route): string => (route ? `#/projects/${encodeURIComponent(route.projectId)}/${route.section}` : '#/')

export function navigate(route: Route): void {
  location.hash = routeHash(route)
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash))
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash))
    addEventListener('hashchange', update)
    return () => removeEventListener('hashchange', update)
  }, [])
  return route
}
