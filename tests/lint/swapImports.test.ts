/**
 * The swap plugin builds and passes its tests outside this repository (tests/package/
 * swapOutside.test.ts, issue 26 §1), so every file of its folder, tests included, imports only its
 * own files, `airlock/plugin`, `airlock`, `airlock/testing` and packages. The layer lint
 * (plugins-sdk-only) covers the code, not the tests nor `declare module`; this covers both, fast,
 * so the outside build cannot rot between runs of the slow test.
 */
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { allowedFrom, sourceFiles, specifiersOf, strayImports } from '../support/outsideImports'

const root = join(__dirname, '..', '..')
const swap = join(root, 'src', 'plugins', 'swap')

describe('the swap folder stands on its own', () => {
  it('its code and its tests import nothing of this repository but the public entries', () => {
    const files = sourceFiles(swap)
    expect(files.some((file) => file.endsWith('.test.ts'))).toBe(true)
    expect(files.some((file) => file.endsWith('views/Swap.tsx'))).toBe(true)
    expect(strayImports(swap)).toEqual([])
  })

  it('bites: a deep import, a support file of the tests, a registry augmented by path, another entry or a folder above are refused', () => {
    const file = join(swap, 'swap.test.ts')
    const stray = (source: string) => specifiersOf(source).filter((specifier) => !allowedFrom(swap, file, specifier))
    expect(stray("import { createKernel } from '../../kernel/kernel'")).toEqual(['../../kernel/kernel'])
    expect(stray("import { testDeps } from '../../../tests/support/testDeps'")).toEqual(['../../../tests/support/testDeps'])
    expect(stray("declare module '../../kernel/registry' {\n  interface StateRegistry { swap?: number }\n}\nexport {}")).toEqual(['../../kernel/registry'])
    expect(stray("const chunk = () => import('../tokens/index')")).toEqual(['../tokens/index'])
    expect(stray("export { x } from '..'")).toEqual(['..'])
    expect(stray("import { useAirlock } from 'airlock/react'")).toEqual(['airlock/react'])
    // What it allows.
    expect(
      stray(
        "import { ethereum } from 'airlock'\nimport { createEvent } from 'airlock/plugin'\nimport { testDeps } from 'airlock/testing'\nimport * as t from 'io-ts'\nimport { x } from './views/Swap'\ndeclare module 'airlock/plugin' {}",
      ),
    ).toEqual([])
  })
})
