// npm leaves out of package-lock.json the platform packages the registry we
// install from does not serve (anvil's darwin/win32/arm builds), and `npm ci`
// then refuses the lockfile. This adds an entry for each missing optional
// platform package, marked with its os and cpu, so `npm ci` skips it on this
// platform instead of failing. Run it after any `npm install` that rewrote the
// lockfile; tests/build/lockfile.test.ts fails while an entry is missing.
import { readFileSync, writeFileSync } from 'node:fs'

const PLATFORMS = {
  'darwin-amd64': ['darwin', 'x64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'linux-amd64': ['linux', 'x64'],
  'linux-arm64': ['linux', 'arm64'],
  'win32-amd64': ['win32', 'x64'],
  // napi-rs names (litesvm): node's arch names, and the C library for Linux.
  'darwin-x64': ['darwin', 'x64'],
  'linux-x64-gnu': ['linux', 'x64', 'glibc'],
  'linux-x64-musl': ['linux', 'x64', 'musl'],
  'linux-arm64-gnu': ['linux', 'arm64', 'glibc'],
  'linux-arm64-musl': ['linux', 'arm64', 'musl'],
}

export function missingOptionalEntries(lock) {
  const missing = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path) continue
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!lock.packages[`node_modules/${name}`] && !lock.packages[`${path}/node_modules/${name}`]) {
        missing.push({ parent: path, name, version, dev: entry.dev === true })
      }
    }
  }
  return missing
}

function platformOf(name) {
  const suffix = Object.keys(PLATFORMS).find((p) => name.endsWith(`-${p}`))
  return suffix ? PLATFORMS[suffix] : undefined
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
  const missing = missingOptionalEntries(lock)
  const packages = {}
  for (const [path, entry] of Object.entries(lock.packages)) {
    packages[path] = entry
    for (const m of missing.filter((x) => x.parent === path)) {
      const platform = platformOf(m.name)
      if (!platform) throw new Error(`No platform known for optional package ${m.name}`)
      packages[`node_modules/${m.name}`] = {
        version: m.version,
        cpu: [platform[1]],
        ...(m.dev ? { dev: true } : {}),
        optional: true,
        os: [platform[0]],
        ...(platform[2] ? { libc: [platform[2]] } : {}),
      }
    }
  }
  lock.packages = packages
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)
  console.log(`Added ${missing.length} platform entries to package-lock.json`)
}
