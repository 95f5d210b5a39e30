// `node bench/peers/criticalSources.mjs`: which source files the peer page's critical path (main.js
// and its static imports, React DOM included: tests/build/firstOpen.test.ts's figure) is made of,
// after the page's bundler has shaken the tree. The library is built as published but with source
// maps (scripts/buildLibrary.mjs `sourcemap`), the page as bench/peers/run.mjs builds it, with maps
// composed through the library's; each byte of the critical files goes to the source its map names,
// and each file's gzip size is shared among its sources in those proportions. A library chunk's
// inputs in Rollup's report (what bench/peers' other figures use) are counted before the page drops
// what it does not use, so they overstate a source that is mostly shaken out. Writes the
// "critical-sources" section of bench/RESULTS.md; TOP=n rows of source files (default 40).
import * as esbuild from 'esbuild'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildAirlockPackage, PEER_PAGE_BUILD } from './airlockPackage.mjs'
import { gzipBytes, writeResultsSection } from '../shared.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const page = join(root, 'bench', 'peers', 'airlock')
const TOP = Number(process.env.TOP ?? 40)
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** A source map's `mappings`, as lines of [generated column, source index or -1]. */
function segments(mappings) {
  let source = 0
  return mappings.split(';').map((line) => {
    let column = 0
    return (line ? line.split(',') : []).map((segment) => {
      const fields = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = BASE64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >> 1) : value >> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0]
      if (fields.length > 1) source += fields[1]
      return [column, fields.length > 1 ? source : -1]
    })
  })
}

/** A map's source path as this repository names it: `src/…`, or the package (`node_modules/<name>/…`). */
const named = (path) => {
  const packageAt = path.lastIndexOf('node_modules/')
  if (packageAt >= 0) return path.slice(packageAt)
  const src = path.indexOf('src/')
  return src >= 0 ? path.slice(src) : relative(root, resolve(page, path))
}

const outdir = mkdtempSync(join(tmpdir(), 'airlock-critical-sources-'))
try {
  const airlock = await buildAirlockPackage(join(outdir, '.airlock'), { sourcemap: true })
  const result = await esbuild.build({ ...PEER_PAGE_BUILD, absWorkingDir: page, outdir, sourcemap: true, plugins: [airlock.plugin] })
  const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([path, out]) => [relative(outdir, resolve(page, path)), out]))
  const critical = new Set()
  const visit = (path) => {
    if (critical.has(path) || !outputs[path]) return
    critical.add(path)
    for (const imported of outputs[path].imports) if (imported.kind === 'import-statement') visit(relative(outdir, resolve(page, imported.path)))
  }
  visit('main.js')

  /** Source → gzip bytes of the critical path. */
  const bytes = new Map()
  let total = 0
  for (const path of critical) {
    // Without the map's comment, which the page as bench:peers serves it does not have.
    const code = readFileSync(join(outdir, path), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\n?$/, '\n')
    const gzip = gzipBytes(Buffer.from(code))
    total += gzip
    const map = JSON.parse(readFileSync(join(outdir, `${path}.map`), 'utf8'))
    const lines = code.split('\n')
    const counts = new Map()
    segments(map.mappings).forEach((line, index) =>
      line.forEach(([column, source], i) => {
        const end = i + 1 < line.length ? line[i + 1][0] : (lines[index]?.length ?? column)
        const name = source < 0 ? '(unmapped)' : named(map.sources[source])
        counts.set(name, (counts.get(name) ?? 0) + end - column)
      }),
    )
    const raw = [...counts.values()].reduce((a, b) => a + b, 0)
    for (const [name, n] of counts) bytes.set(name, (bytes.get(name) ?? 0) + (gzip * n) / raw)
  }

  /** A package by its name; Airlock's files by their folder (two levels under src/). */
  const groupOf = (name) =>
    name.startsWith('node_modules/')
      ? name
          .split('/')
          .slice(1, name.startsWith('node_modules/@') ? 3 : 2)
          .join('/')
      : name.split('/').slice(0, 3).join('/')
  const groups = new Map()
  for (const [name, n] of bytes) groups.set(groupOf(name), (groups.get(groupOf(name)) ?? 0) + n)
  const own = [...bytes].filter(([name]) => name.startsWith('src/')).reduce((sum, [, n]) => sum + n, 0)
  const rows = (entries, limit) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, n]) => `| ${name} | ${Math.round(n).toLocaleString('en-US')} | ${((100 * n) / total).toFixed(1)} % |`)
  const section = `<!-- critical-sources:start -->
### What the peer page's critical path is made of, by source

Command: \`node bench/peers/criticalSources.mjs\` (${new Date().toISOString().slice(0, 10)}): the peer page (bench/peers/airlock) built as \`npm run bench:peers\` builds it, against the library as published with source maps; each byte of main.js and its static imports (${critical.size} files, **${total.toLocaleString('en-US')} B** gzip, React DOM included) given to the source its map names, each file's gzip size shared in those proportions. Airlock's own files (src/): **${Math.round(own).toLocaleString('en-US')} B**.

| package, or Airlock's folder | B gzip | share |
|---|---|---|
${rows(groups, 30).join('\n')}

The ${TOP} largest of Airlock's files:

| file | B gzip | share |
|---|---|---|
${rows(
  [...bytes].filter(([name]) => name.startsWith('src/')),
  TOP,
).join('\n')}
<!-- critical-sources:end -->`
  writeResultsSection(root, 'critical-sources', section)
  console.log(section)
} finally {
  rmSync(outdir, { recursive: true, force: true })
}
