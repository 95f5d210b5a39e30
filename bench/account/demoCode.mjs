// The demo build's served files split into the product's code and the demo page's own (by the
// build's metafile, as bench/namespaces), and grouped by what they hold: the Account plugins'
// modules and views, the modal's chunk, shared chunks, and what each chunk the page imports at
// start brings. `demoCode({ root, demo, demoDir })`: `demo` is buildAll()'s demo build, `demoDir`
// the copy of demo/ the stack serves.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipBytes, productInputs } from '../shared.mjs'
import { ACCOUNT_PLUGINS } from './settings.mjs'

export function demoCode({ root, demo, demoDir }) {
  /** Whether a bundled input is the product's (bench/shared.mjs). */
  const isProduct = productInputs(root)

  const servedPath = (url) => new URL(url).pathname.replace(/^\//, '')
  const inputsOf = (url) => Object.entries(demo.metafile.outputs[`demo/${servedPath(url)}`]?.inputs ?? {})

  /** One served file's gzip -9 bytes, and the product's share of them (by the file's inputs' bytes). */
  function fileSplit(url) {
    const bytes = readFileSync(join(demoDir, servedPath(url)))
    const gz = gzipBytes(bytes)
    const inputs = inputsOf(url)
    const total = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0) || 1
    const own = inputs.filter(([name]) => !isProduct(name)).reduce((sum, [, input]) => sum + input.bytesInOutput, 0)
    return { bytes, gz, product: gz * (1 - own / total), page: (gz * own) / total }
  }

  /** gzip -9 bytes of the served files, split into product and demo code (as bench/namespaces). */
  function split(urls) {
    const files = urls.map(fileSplit)
    return {
      product: Math.round(files.reduce((sum, f) => sum + f.product, 0)),
      page: Math.round(files.reduce((sum, f) => sum + f.page, 0)),
      files: urls.length,
      // The files concatenated, gzipped once: what the page's code weighs however the bundler split it.
      concatenated: gzipBytes(Buffer.concat(files.map((f) => f.bytes))),
    }
  }

  /** An Account plugin's code beyond its eager manifest (a module or a view). */
  const ACCOUNT_CODE = new RegExp(`^src/plugins/(${ACCOUNT_PLUGINS.join('|')})/(?!manifest\\.ts$)`)
  const accountCodeIn = (urls) => urls.filter((url) => inputsOf(url).some(([name]) => ACCOUNT_CODE.test(name))).length

  /** The plugin code a served file holds: "tokens module", "AccountTokens view", or a lazy part ("tokens: walletAssets.ts"). */
  function pluginParts(url) {
    const parts = []
    const names = inputsOf(url).map(([name]) => name)
    const plugins = new Set(names.map((name) => /^src\/plugins\/([^/]+)\//.exec(name)?.[1]).filter(Boolean))
    for (const plugin of plugins) {
      const own = names.filter((name) => name.startsWith(`src/plugins/${plugin}/`) && !name.endsWith('/manifest.ts'))
      if (own.length === 0) continue
      const views = own.map((name) => /\/views\/([^/]+)\.tsx$/.exec(name)?.[1]).filter(Boolean)
      if (own.includes(`src/plugins/${plugin}/index.ts`)) parts.push(`${plugin} module`)
      else if (views.length > 0) parts.push(...views.map((view) => `${view} view`))
      else parts.push(`${plugin}: ${own.map((name) => name.split('/').pop()).join(', ')}`)
    }
    return parts
  }

  /**
   * The product JS of `urls` grouped: each file with Account plugin code by what it holds, the
   * modal's chunk (src/ui/mount.tsx, with what it bundles), and the rest as shared chunks.
   */
  function fetchedGroups(urls) {
    const groups = new Map()
    const add = (label, order, url) => {
      const group = groups.get(label) ?? { label, order, files: 0, product: 0 }
      group.files++
      group.product += fileSplit(url).product
      groups.set(label, group)
    }
    for (const url of urls) {
      const parts = pluginParts(url)
      const names = inputsOf(url).map(([name]) => name)
      if (parts.length > 0) add(parts.join(' + '), parts[0].endsWith(' module') ? 0 : parts[0].endsWith(' view') ? 1 : 2, url)
      else if (names.includes('src/ui/mount.tsx'))
        add(
          `the modal: src/ui/mount.tsx${names.some((n) => n.includes('node_modules/react-dom/')) ? ' with React DOM' : ''} (its first open on the page)`,
          3,
          url,
        )
      else add('shared chunks (modules the above import, split out by esbuild)', 4, url)
    }
    return [...groups.values()].sort((a, b) => a.order - b.order).map((g) => ({ ...g, product: Math.round(g.product) }))
  }

  /**
   * The chunks a page imports dynamically at start (the plugins loaded before any click, the config
   * reader) and, for each, the served files only it brings: what the page would not fetch without it.
   */
  function startedChunks(urls) {
    const outputs = demo.metafile.outputs
    const loaded = new Set(urls.map((url) => `demo/${servedPath(url)}`))
    const roots = [...loaded].filter(
      (path) =>
        !path.startsWith('demo/dist/chunks/') || [...loaded].some((p) => outputs[p]?.imports.some((i) => i.path === path && i.kind === 'dynamic-import')),
    )
    const closure = (from) => {
      const seen = new Set()
      const visit = (path) => {
        if (seen.has(path)) return
        seen.add(path)
        for (const i of outputs[path]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path)
      }
      from.forEach(visit)
      return seen
    }
    return roots
      .filter((root) => root.startsWith('demo/dist/chunks/'))
      .map((root) => {
        const rest = closure(roots.filter((r) => r !== root))
        const only = urls.filter((url) => !rest.has(`demo/${servedPath(url)}`))
        const plugin = /^src\/plugins\/([^/]+)\/index\.ts$/.exec(
          Object.keys(outputs[root].inputs).find((n) => /^src\/plugins\/[^/]+\/index\.ts$/.test(n)) ?? '',
        )?.[1]
        return {
          name: plugin
            ? `${plugin} plugin`
            : root
                .split('/')
                .pop()
                .replace(/-[A-Z0-9]+\.js$/, ''),
          files: only.length,
          product: split(only).product,
        }
      })
      .sort((a, b) => b.product - a.product)
  }

  return { split, accountCodeIn, fetchedGroups, startedChunks }
}
