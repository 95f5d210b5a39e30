/**
 * Issue 26 §1: every built-in plugin registers its events, slices, views and commands as a plugin
 * outside the repository does, by augmenting `airlock/plugin`, never a registry by this
 * repository's path (`declare module '../../kernel/registry'`, `'../../events/views'`,
 * `'../../core/contributions/commands'`), which the layer lint (plugins-sdk-only) does not see:
 * an augmentation is not an import. Checked for every folder under src/plugins, code and tests.
 * (The published declarations write these blocks as augmentations of the registries' own modules:
 * scripts/declarations.mjs says why, tests/package/registries.test.ts checks a site's view of them.)
 */
import { describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { sourceFiles } from '../support/outsideImports'

const root = join(__dirname, '..', '..')
const pluginsDir = join(root, 'src', 'plugins')
const PLUGINS = readdirSync(pluginsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

/** The modules a source augments (`declare module '…'`). */
const augmented = (source: string): string[] => [...source.matchAll(/declare\s+module\s+['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '')

/** A folder's augmentations of anything but `airlock/plugin`, as `file: module`; and how many it makes in all. */
function registrations(folder: string): { all: number; stray: string[] } {
  const augmentations = sourceFiles(folder).flatMap((file) => augmented(readFileSync(file, 'utf8')).map((module) => ({ file: relative(folder, file), module })))
  return {
    all: augmentations.length,
    stray: augmentations.filter((entry) => entry.module !== 'airlock/plugin').map((entry) => `${entry.file}: ${entry.module}`),
  }
}

describe('built-in plugins register through the SDK', () => {
  it('finds the fourteen plugins', () => {
    expect(PLUGINS).toEqual([
      'activity',
      'email',
      'embeddedWallet',
      'identity',
      'names',
      'nfts',
      'onramp',
      'pay',
      'receive',
      'send',
      'siwx',
      'socials',
      'swap',
      'tokens',
    ])
  })

  for (const plugin of PLUGINS) {
    it(`${plugin} augments only airlock/plugin`, () => {
      const { all, stray } = registrations(join(pluginsDir, plugin))
      expect(all).toBeGreaterThan(0)
      expect(stray).toEqual([])
    })
  }

  it('bites: a folder that augments a registry by path is refused, in its code or its tests', () => {
    const folder = mkdtempSync(join(tmpdir(), 'plugin-registrations-'))
    try {
      mkdirSync(join(folder, 'views'))
      writeFileSync(join(folder, 'index.ts'), "declare module 'airlock/plugin' {\n  interface ViewRegistry { X: true }\n}\nexport {}\n")
      expect(registrations(folder)).toEqual({ all: 1, stray: [] })
      writeFileSync(
        join(folder, 'views', 'X.test.tsx'),
        "declare module '../../../core/contributions/commands' {\n  interface CommandRegistry { x: {} }\n}\nexport {}\n",
      )
      writeFileSync(join(folder, 'state.ts'), 'declare module "../../kernel/registry" { interface StateRegistry { x?: number } }\nexport {}\n')
      expect(registrations(folder)).toEqual({
        all: 3,
        stray: ['state.ts: ../../kernel/registry', `${join('views', 'X.test.tsx')}: ../../../core/contributions/commands`],
      })
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('reads every form of the statement', () => {
    expect(augmented("declare module '../../kernel/registry' {\n  interface StateRegistry { names?: number }\n}")).toEqual(['../../kernel/registry'])
    expect(augmented('declare module "../../events/views" { interface ViewRegistry { X: true } }')).toEqual(['../../events/views'])
    expect(augmented("declare module 'airlock/plugin' {\n  interface CommandRegistry {}\n}")).toEqual(['airlock/plugin'])
  })
})
