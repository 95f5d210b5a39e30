/**
 * React and react-dom are peer dependencies for React 18 and 19 (`^18.2.0 || ^19.0.0`), while our
 * own build and tests run on React 19. So the library's sources must not reach for what React 19
 * added: its new hooks and resource APIs, or a context rendered as its own provider.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { root } from './stage'

/** Exports React 19 (and its minors) added; React 18.2 has none of them. */
const REACT_19_ONLY: Readonly<Record<string, readonly string[]>> = {
  react: ['use', 'useActionState', 'useOptimistic', 'useEffectEvent', 'Activity', 'ViewTransition', 'captureOwnerStack', 'cache', 'cacheSignal'],
  'react-dom': ['useFormStatus', 'requestFormReset', 'preload', 'preloadModule', 'preinit', 'preinitModule', 'preconnect', 'prefetchDNS'],
  'react-dom/static': ['prerender', 'prerenderToNodeStream'],
}

/** The library's source files (tests excluded: they run on our React only). */
function sources(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Every name a file takes from a React package: `import { a, b as c } from 'react'`, and `React.x` on a namespace import. */
function reactNamesUsed(text: string): { module: string; name: string }[] {
  const used: { module: string; name: string }[] = []
  for (const [, names = '', module = ''] of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(react(?:-dom)?(?:\/[\w-]+)?)'/g)) {
    for (const part of names.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
      if (name) used.push({ module, name })
    }
  }
  for (const [, alias = '', module = ''] of text.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s+'(react(?:-dom)?(?:\/[\w-]+)?)'/g)) {
    for (const [, name = ''] of text.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))) used.push({ module, name })
  }
  return used
}

describe('React 18 compatibility of the library', () => {
  const files = sources().map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }))

  it('reads the library sources, the React binding among them', () => {
    expect(files.map((file) => file.path)).toContain('src/ui/react/context.ts')
    expect(files.flatMap((file) => reactNamesUsed(file.text)).map((use) => use.name)).toContain('useSyncExternalStore')
  })

  it('imports nothing from React or react-dom that React 18 lacks', () => {
    const offending = files.flatMap((file) =>
      reactNamesUsed(file.text)
        .filter((use) => REACT_19_ONLY[use.module]?.includes(use.name))
        .map((use) => `${file.path}: ${use.name} from ${use.module}`),
    )
    expect(offending).toEqual([])
  })

  it('renders every context through its .Provider (a context as its own provider is React 19 only)', () => {
    const offending = files.flatMap((file) =>
      [...file.text.matchAll(/(?:const|let)\s+(\w+)\s*=\s*createContext\b/g)]
        .map(([, name = '']) => name)
        .filter((name) => new RegExp(`<${name}[\\s>]|createElement\\(\\s*${name}\\s*,`).test(file.text))
        .map((name) => `${file.path}: ${name}`),
    )
    expect(offending).toEqual([])
  })
})
