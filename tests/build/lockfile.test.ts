import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { missingOptionalEntries } from '../../scripts/lock-platforms.mjs'

describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'))

  it('lists every optional platform package, so that `npm ci` accepts it on a fresh machine', () => {
    // When this fails, run `node scripts/lock-platforms.mjs`.
    expect(missingOptionalEntries(lock)).toEqual([])
  })

  it('pins every package it installs: an exact version with its sha512 integrity, from the npm registry only (issue 27 §4)', () => {
    const problems: string[] = []
    for (const [path, entry] of Object.entries(lock.packages as Record<string, Record<string, unknown>>)) {
      // The root and this repository's workspace folders (server/): sources, not installed packages.
      if (!path.includes('node_modules/')) continue
      // This repository's own workspace (airlock-server): a link to a folder inside it.
      if (entry.link === true) {
        if (typeof entry.resolved !== 'string' || /^(\.\.|\/)|:/.test(entry.resolved))
          problems.push(`${path}: a link outside the repository (${String(entry.resolved)})`)
        continue
      }
      if (typeof entry.version !== 'string' || !/^\d+\.\d+\.\d+(-[\w.-]+)?$/.test(entry.version))
        problems.push(`${path}: no exact version (${String(entry.version)})`)
      // npm records no `resolved` here (the registry is the default one); one that is recorded must be the registry's.
      if (entry.resolved !== undefined && !String(entry.resolved).startsWith('https://registry.npmjs.org/'))
        problems.push(`${path}: resolved from ${String(entry.resolved)}`)
      const platformOnly = entry.optional === true && (Array.isArray(entry.os) || Array.isArray(entry.cpu))
      // scripts/lock-platforms.mjs lists other platforms' optional binaries by version; npm fills in their integrity when it installs one.
      if (platformOnly && entry.integrity === undefined) continue
      if (typeof entry.integrity !== 'string' || !/^sha512-[A-Za-z0-9+/]{86}==$/.test(entry.integrity))
        problems.push(`${path}: no sha512 integrity (${String(entry.integrity)})`)
    }
    expect(problems).toEqual([])
  })

  it('pins every dependency of package.json to an exact version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    const all = { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>
    const exact = /^(npm:(@[\w.-]+\/)?[\w.-]+@)?\d+\.\d+\.\d+(-[\w.]+)?$/
    for (const [name, range] of Object.entries(all)) {
      // A folder of this repository (`file:tests/package/react18`: React 18 beside our React 19, whose
      // peer must resolve inside that folder) is pinned by its own package.json, checked here the same way.
      const folder = /^file:((?!\.\.)(?!\/)[\w./-]+)$/.exec(range)?.[1]
      if (folder !== undefined) {
        const inner = JSON.parse(readFileSync(new URL(`../../${folder}/package.json`, import.meta.url), 'utf8'))
        for (const [innerName, innerRange] of Object.entries({ ...inner.dependencies, ...inner.devDependencies } as Record<string, string>))
          expect(innerRange, `${name} › ${innerName}`).toMatch(exact)
        continue
      }
      // An alias (`npm:wagmi@2.19.5`: a second major of a package, for tests) pins its version the same way.
      expect(range, name).toMatch(exact)
    }
  })
})
