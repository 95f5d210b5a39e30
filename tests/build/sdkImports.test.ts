/**
 * The builds read a built-in plugin's `import { … } from 'airlock/plugin'` as imports from the
 * modules the SDK re-exports (scripts/sdkImports.mjs), so the SDK's barrel does not pull what a
 * lazy view uses into the page's first chunk (esbuild's splitting did: 16 more files, +16.7 KiB gzip
 * in the demo's first load with the receive plugin alone on the SDK).
 */
import { describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
// @ts-expect-error -- a build script in plain JavaScript, no declarations
import { rewriteSdkImports, sdkExports } from '../../scripts/sdkImports.mjs'

type Exports = Map<string, { from: string; name: string }>
const root = join(__dirname, '..', '..')
const exports = sdkExports() as Exports
const file = join(root, 'src', 'plugins', 'example', 'views', 'View.tsx')
const rewrite = (code: string): string => rewriteSdkImports(code, file, exports) as string

describe('the plugin SDK as the builds read it', () => {
  it('every name src/plugin.ts exports comes from a source file that exports it', () => {
    expect(exports.size).toBeGreaterThan(20)
    for (const [local, { from, name }] of exports) {
      const path = ['.ts', '.tsx'].map((ext) => from + ext).find((candidate) => existsSync(candidate))
      expect(path, local).toBeDefined()
      expect(readFileSync(path ?? '', 'utf8'), `${local} in ${path}`).toMatch(
        new RegExp(`export (declare )?(async )?(function|const|class|interface|type|enum)\\s+${name}\\b|export \\{[^}]*\\b${name}\\b`),
      )
    }
  })

  it('rule: an import of the SDK becomes one import per source module, relative to the file, types as types, with as many lines', () => {
    const code = "import {\n  Button,\n  useCommands as commands,\n  type RootState,\n} from 'airlock/plugin'\nconst x = 1\n"
    const out = rewrite(code)
    expect(out).toContain("import { Button } from '../../../ui/components/primitives/Button'")
    expect(out).toContain("import { useCommands as commands } from '../../../ui/react/useCommands'")
    // A module that gives only types is imported as `import type`, or it would stay for its side effects.
    expect(out).toContain("import type { RootState } from '../../../kernel/registry'")
    expect(out).not.toContain('airlock/plugin')
    expect(out.split('\n')).toHaveLength(code.split('\n').length)
    expect(out.split('\n').indexOf('const x = 1')).toBe(code.split('\n').indexOf('const x = 1'))
  })

  it('leaves a file without the SDK as it is', () => {
    const code = "import { a } from './a'\nexport const b = a\n"
    expect(rewrite(code)).toBe(code)
  })

  it('refuses a name the SDK does not export, and a namespace or default import', () => {
    expect(() => rewrite("import { createKernel } from 'airlock/plugin'\n")).toThrow(/exports no createKernel/)
    expect(() => rewrite("import * as sdk from 'airlock/plugin'\n")).toThrow(/by name only/)
    expect(() => rewrite("import sdk from 'airlock/plugin'\n")).toThrow(/by name only/)
  })
})
