// The plugin SDK, `airlock/plugin` (src/plugin.ts), is a barrel: it re-exports what a plugin uses
// from the modules that hold it. A built-in plugin imports it as a plugin published on its own
// would. But a bundler that splits code reads a barrel as one module that every importer shares:
// esbuild put what a lazy plugin view takes from it (a primitive, the QR code) into the chunk the
// page loads first, because the plugins' manifests, loaded with the page, import the same barrel.
// So the builds that bundle this repository's source (the library's Rollup build, the demo's and
// the benches' esbuild builds) rewrite each `import { … } from 'airlock/plugin'` of a source file
// into imports from the modules the SDK re-exports from, before the bundler sees it: the module
// graph, and so every chunk, is the one deep imports made. Type checking (tsconfig `paths`) and
// the tests (vitest aliases) read the barrel itself.
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const SDK_SPECIFIER = 'airlock/plugin'
const SDK_FILE = join(ROOT, 'src', 'plugin.ts')

/**
 * What src/plugin.ts exports, by exported name: the module it comes from (absolute, as written,
 * without extension) and its name there. Only `export { a, b as c, type T } from './x'` and
 * `export type { … } from './x'` are allowed in the barrel, and types that are erased (`export type *`,
 * `declare module`); anything else throws.
 *
 * ```js
 * sdkExports().get('Button') // { from: '/…/src/ui/components/primitives/Button', name: 'Button' }
 * ```
 */
export function sdkExports(file = SDK_FILE) {
  const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
  const exports = new Map()
  const statement = /export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'\s*;?/g
  for (const match of source.matchAll(statement)) {
    const from = resolve(dirname(file), match[3])
    for (const specifier of names(match[2])) exports.set(specifier.local, { from, name: specifier.imported })
  }
  // Types alone, erased before a bundler sees the barrel: the registries re-exported (`export type *`)
  // and augmented once there, so that a plugin's `declare module 'airlock/plugin'` merges into them.
  const types = /export\s+type\s+\*\s+from\s+'[^']+'\s*;?|declare\s+module\s+'[^']+'\s*\{(?:[^{}]|\{[^{}]*\})*\}/g
  const rest = source.replace(statement, '').replace(types, '').trim()
  if (rest !== '') throw new Error(`${relative(ROOT, file)}: only \`export { … } from '…'\` statements may be in the plugin SDK, found: ${rest.slice(0, 80)}`)
  return exports
}

/** `a, type B, c as d` → [{ imported: 'a', local: 'a', type: false }, …]. */
function names(list) {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const match = /^(type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(item)
      if (!match) throw new Error(`Cannot read the import specifier "${item}"`)
      return { type: Boolean(match[1]), imported: match[2], local: match[3] ?? match[2] }
    })
}

/**
 * `code` (TypeScript source of `file`) with every `import { … } from 'airlock/plugin'` replaced by
 * imports from the modules the SDK re-exports from, relative to `file`; the line count is kept, so
 * positions after the import stay where they were. A namespace import, a default import or a
 * re-export of the SDK throws: name what you use.
 *
 * ```js
 * rewriteSdkImports("import { Button, type Commands } from 'airlock/plugin'", '/…/src/plugins/x/View.tsx', sdkExports())
 * // "import { Button } from '../../ui/components/primitives/Button'\nimport { type Commands } from '../../ui/react/useCommands'"
 * ```
 */
export function rewriteSdkImports(code, file, exports) {
  if (!code.includes(SDK_SPECIFIER)) return code
  const rewritten = code.replace(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]airlock\/plugin['"][ \t]*;?/g, (whole, typeOnly, list) => {
    const byModule = new Map()
    for (const specifier of names(list)) {
      const target = exports.get(specifier.imported)
      if (!target) throw new Error(`${relative(ROOT, file)}: ${SDK_SPECIFIER} exports no ${specifier.imported}`)
      const named = { type: Boolean(typeOnly) || specifier.type, text: `${target.name}${target.name === specifier.local ? '' : ` as ${specifier.local}`}` }
      byModule.set(target.from, [...(byModule.get(target.from) ?? []), named])
    }
    // A module that gives types only is imported with `import type`: `import { type T }` would
    // stay as an import of the module for its side effects (verbatimModuleSyntax).
    const lines = [...byModule].map(([from, named]) => {
      const path = relative(dirname(file), from).replaceAll('\\', '/')
      const types = named.every((n) => n.type)
      const list = named.map((n) => (n.type && !types ? `type ${n.text}` : n.text)).join(', ')
      return `import ${types ? 'type ' : ''}{ ${list} } from '${path.startsWith('.') ? path : `./${path}`}'`
    })
    const missing = whole.split('\n').length - lines.length
    return lines.join('\n') + '\n'.repeat(Math.max(0, missing))
  })
  // `declare module 'airlock/plugin'`, a plugin's registrations, is a type: erased, nothing to rewrite.
  const augmentations = new RegExp(`declare\\s+module\\s+['"]${SDK_SPECIFIER}['"]`, 'g')
  if (new RegExp(`['"]${SDK_SPECIFIER}['"]`).test(rewritten.replace(augmentations, ''))) {
    throw new Error(`${relative(ROOT, file)}: import from ${SDK_SPECIFIER} by name only (\`import { … } from '${SDK_SPECIFIER}'\`)`)
  }
  return rewritten
}

/**
 * The esbuild plugin of the same rewrite, for builds that bundle this repository's `src` with code
 * splitting (the demo, the benches' pages).
 *
 * ```js
 * await esbuild.build({ ...options, plugins: [sdkImportsPlugin()] })
 * ```
 */
export function sdkImportsPlugin() {
  let exports
  const srcDir = join(ROOT, 'src')
  return {
    name: 'airlock-sdk-imports',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (!args.path.startsWith(srcDir) || args.path === SDK_FILE) return undefined
        const code = readFileSync(args.path, 'utf8')
        if (!code.includes(SDK_SPECIFIER)) return undefined
        exports ??= sdkExports()
        return { contents: rewriteSdkImports(code, args.path, exports), loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts', resolveDir: dirname(args.path) }
      })
    },
  }
}
