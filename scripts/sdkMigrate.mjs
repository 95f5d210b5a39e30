// `node scripts/sdkMigrate.mjs src/plugins/<id> …`: the tool of issue 26 §1's migration. In each
// file of a plugin's folder, the imports from outside the folder whose every name the plugin SDK
// (src/plugin.ts) re-exports become one import from 'airlock/plugin'; what the SDK lacks is left
// as it is and listed, so the SDK can grow to cover it. Formats the files it changes (prettier).
// Test files are converted too (they may keep deep imports: what the SDK lacks is listed for them
// as well). Run it, then add the plugin to SDK_ONLY_PLUGINS (.dependency-cruiser.cjs) once its
// non-test files import nothing else. Goes when every built-in plugin imports the SDK alone (left:
// embeddedWallet, email, socials).
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { sdkExports } from './sdkImports.mjs'

const exported = new Map([...sdkExports()].map(([local, { from, name }]) => [`${from}#${name}`, local]))
const files = (dir) =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : /\.tsx?$/.test(name) ? [join(dir, name)] : []))
const missing = new Map()
const changed = []

for (const folder of process.argv.slice(2).map((arg) => resolve(arg))) {
  for (const file of files(folder)) {
    const code = readFileSync(file, 'utf8')
    const taken = []
    let at = -1
    const next = code.replace(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']*)'\n?/g, (whole, typeOnly, list, spec, offset) => {
      const from = resolve(dirname(file), spec).replace(/\.tsx?$/, '')
      if (from.startsWith(folder + '/') || from === folder) return whole
      const specifiers = list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          const m = /^(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(s)
          return { type: Boolean(typeOnly || m[1]), name: m[2], local: m[3] ?? m[2], sdk: exported.get(`${from}#${m[2]}`) }
        })
      const lacking = specifiers.filter((s) => s.sdk === undefined)
      if (lacking.length > 0) {
        for (const s of lacking) missing.set(`${relative(process.cwd(), from)}#${s.name}`, (missing.get(`${relative(process.cwd(), from)}#${s.name}`) ?? 0) + 1)
        return whole
      }
      if (at < 0) at = offset
      taken.push(...specifiers)
      return ''
    })
    if (taken.length === 0) continue
    const named = taken.map((s) => `${s.type && !taken.every((t) => t.type) ? 'type ' : ''}${s.sdk}${s.sdk === s.local ? '' : ` as ${s.local}`}`)
    const statement = `import ${taken.every((t) => t.type) ? 'type ' : ''}{ ${[...new Set(named)].join(', ')} } from 'airlock/plugin'\n`
    // `at` is where the first import taken began; nothing before it changed.
    writeFileSync(file, next.slice(0, at) + statement + next.slice(at))
    changed.push(file)
  }
}
if (changed.length > 0) execFileSync('npx', ['prettier', '--write', ...changed], { stdio: 'ignore' })
console.log(`${changed.length} files now import airlock/plugin`)
if (missing.size > 0) console.log(`Not in the SDK (uses):\n${[...missing].map(([k, n]) => `  ${k} (${n})`).join('\n')}`)
