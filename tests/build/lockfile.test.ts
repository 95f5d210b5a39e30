import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { missingOptionalEntries } from '../../scripts/lock-platforms.mjs'

describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'))

  it('lists every optional platform package, so that `npm ci` accepts it on a fresh machine', () => {
    // When this fails, run `node scripts/lock-platforms.mjs`.
    expect(missingOptionalEntries(lock)).toEqual([])
  })

  it('pins every dependency of package.json to an exact version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    const all = { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>
    for (const [name, range] of Object.entries(all)) {
      // An alias (`npm:wagmi@2.19.5`: a second major of a package, for tests) pins its version the same way.
      expect(range, name).toMatch(/^(npm:(@[\w.-]+\/)?[\w.-]+@)?\d+\.\d+\.\d+(-[\w.]+)?$/)
    }
  })
})
