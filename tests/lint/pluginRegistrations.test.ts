/**
 * Issue 26 §1: the built-in plugins register their events, slices, views and commands as a plugin
 * outside the repository does, by augmenting `airlock/plugin` (as swap does), not by the
 * registries' paths in this repository (`declare module '../../kernel/registry'`). Checked here
 * for receive, names and siwx (and swap), their code and their tests.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { sourceFiles } from '../support/outsideImports'

const root = join(__dirname, '..', '..')
const PLUGINS = ['receive', 'names', 'siwx', 'swap']

/** The modules a source augments (`declare module '…'`). */
const augmented = (source: string): string[] => [...source.matchAll(/declare\s+module\s+['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '')

describe('built-in plugins register through the SDK', () => {
  for (const plugin of PLUGINS) {
    it(`${plugin} augments only airlock/plugin`, () => {
      const folder = join(root, 'src', 'plugins', plugin)
      const augmentations = sourceFiles(folder).flatMap((file) => augmented(readFileSync(file, 'utf8')).map((module) => `${relative(folder, file)}: ${module}`))
      expect(augmentations.length).toBeGreaterThan(0)
      expect(augmentations.filter((entry) => !entry.endsWith(': airlock/plugin'))).toEqual([])
    })
  }

  it('bites: an augmentation by path is found', () => {
    expect(augmented("declare module '../../kernel/registry' {\n  interface StateRegistry { names?: number }\n}")).toEqual(['../../kernel/registry'])
  })
})
