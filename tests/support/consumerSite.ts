/**
 * A consumer site: a fresh app in .cache/<name> that installs the packed tarball as a site would,
 * beside the packages it imports at our lockfile's versions (so npm serves them from its cache),
 * and bundles its page with esbuild from its own folder. The site is kept between runs: its
 * node_modules make the next install take seconds, its tsbuildinfo the next type-check.
 *
 * ```ts
 * const app = join(root, '.cache', 'my-site')
 * prepareConsumerSite(app, tarball, { name: 'my-site', dependencies: ['react', 'react-dom'], devDependencies: [], files: { 'src/page.tsx': page } })
 * const metafile = await bundlePage(app, { entry: 'src/page.tsx' })
 * ```
 */
import { createHash } from 'node:crypto'
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import * as esbuild from 'esbuild'
import { printed, root, run } from '../package/stage'

/** What a site is made of besides the tarball. */
export interface ConsumerSite {
  /** Its package.json's name. */
  readonly name: string
  /** What its code imports, installed at our lockfile's versions (an alias there, such as `wagmi-v2`, as the same alias). */
  readonly dependencies: readonly string[]
  /** Its tools and the types its code names, likewise. */
  readonly devDependencies: readonly string[]
  /** Files written afresh, by path in the site: text as it is, anything else as JSON (a tsconfig). */
  readonly files: Readonly<Record<string, string | object>>
  /** Files or folders of this repository copied in (their tests left out), by path in the site. */
  readonly copies?: Readonly<Record<string, string>>
  /** Copy the copies' tests too (`*.test.ts`), for a site that runs them. */
  readonly withTests?: boolean
}

/** A site's usual compiler settings: a bundler resolves, libraries' declarations are not re-checked, `src` is checked. */
export function siteTsconfig(compilerOptions: { readonly tsBuildInfoFile: string; readonly [option: string]: unknown }): object {
  return {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      // Kept in the cached site: the next run re-checks only files whose content changed.
      incremental: true,
      ...compilerOptions,
    },
    include: ['src'],
  }
}

/** Package `name` as our lockfile installs it: its version, and the package behind it if it is an alias. */
function locked(name: string): { readonly version?: string; readonly name?: string } {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; name?: string }> }
  return lock.packages[`node_modules/${name}`] ?? {}
}

/** The version our lockfile holds of `name`, so the install is served from the npm cache. */
export function lockedVersion(name: string): string {
  const { version } = locked(name)
  if (!version) throw new Error(`package-lock.json holds no ${name}`)
  return version
}

/** `name` as our lockfile installs it: its version, or `npm:<package>@<version>` for an alias. */
function lockedSpec(name: string): string {
  const aliased = locked(name).name
  return aliased && aliased !== name ? `npm:${aliased}@${lockedVersion(name)}` : lockedVersion(name)
}

/** A page's HTML: `title`, the bundled page (./dist/page.js, as `bundlePage` writes it) and an empty `#root` to render into. */
export function rootPageHtml(title: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
    <script type="module" src="./dist/page.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
}

/**
 * Write `site` into `dir`: package.json with `airlock` from the tarball (copied in under a name
 * from its content, so npm never takes a changed package for the one it cached), the files and
 * the copies. The folders they go in (`src`, `www`…) are emptied first; node_modules stays.
 */
export function writeConsumerSite(dir: string, tarball: string, site: ConsumerSite): void {
  const name = copyTarball(dir, tarball)
  const pin = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, lockedSpec(n)]))
  const manifest = {
    name: site.name,
    private: true,
    type: 'module',
    dependencies: { airlock: `file:${name}`, ...pin(site.dependencies) },
    devDependencies: pin(site.devDependencies),
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const copies = site.copies ?? {}
  const folders = new Set([...Object.keys(site.files), ...Object.keys(copies)].filter((path) => path.includes('/')).map((path) => path.split('/')[0]!))
  for (const folder of folders) rmSync(join(dir, folder), { recursive: true, force: true })
  for (const [path, content] of Object.entries(site.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`)
  }
  for (const [path, source] of Object.entries(copies)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    cpSync(join(root, source), join(dir, path), { recursive: true, filter: (from) => site.withTests === true || !/\.test\.tsx?$/.test(from) })
  }
}

/**
 * `write()` the site into `dir` and `npm install` it from the npm cache; a failed install (a cache
 * left broken by an interrupted run) starts the site over once. Returns what the last `write()` did.
 */
export function installSite<T>(dir: string, write: () => T, { timeout = 170_000, ignoreScripts = false } = {}): T {
  const flags = ['--prefer-offline', '--no-audit', '--no-fund', ...(ignoreScripts ? ['--ignore-scripts'] : [])]
  const install = () => run('npm', ['install', ...flags], dir, timeout)
  let written = write()
  let result = install()
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    written = write()
    result = install()
  }
  if (result.status !== 0) throw new Error(`npm install failed:\n${printed(result)}`)
  return written
}

/** Write `site` into `dir` with the tarball and install it (`installSite`): the site ready to bundle and type-check. */
export function prepareConsumerSite(
  dir: string,
  tarball: string,
  site: ConsumerSite,
  install: { readonly timeout?: number; readonly ignoreScripts?: boolean } = {},
): void {
  installSite(dir, () => writeConsumerSite(dir, tarball, site), install)
}

/**
 * Bundle the page `entry` of the site in `dir` into `outdir` as the site's own build would: from
 * its folder, with its tsconfig and node_modules, for the browser, in production (`alias` maps a
 * package to another, e.g. `wagmi` to `wagmi-v2`). Returns what went in. The site needs a tsconfig
 * of its own: without one esbuild would find this repository's, whose `paths` map 'airlock' to src/.
 */
export async function bundlePage(
  dir: string,
  { entry, outdir = 'www/dist', alias = {} }: { readonly entry: string; readonly outdir?: string; readonly alias?: Readonly<Record<string, string>> },
): Promise<esbuild.Metafile> {
  const built = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: { page: entry },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    alias: { ...alias },
    define: { 'process.env.NODE_ENV': '"production"' },
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'error',
  })
  return built.metafile
}

/**
 * Copy the tarball into the app `dir` (made if missing) under a name from its content, so npm
 * never takes a changed package for the one it cached; older copies go. Returns the file name.
 */
export function copyTarball(dir: string, tarball: string): string {
  mkdirSync(dir, { recursive: true })
  const hash = createHash('sha256').update(readFileSync(tarball)).digest('hex').slice(0, 16)
  const name = `airlock-${hash}.tgz`
  for (const old of readdirSync(dir)) if (/^airlock-.*\.tgz$/.test(old) && old !== name) rmSync(join(dir, old))
  copyFileSync(tarball, join(dir, name))
  return name
}

/** Every installed copy of package `name` under `dir`'s node_modules, nested ones included. */
export function installedCopies(dir: string, name: string): string[] {
  const found: string[] = []
  const visit = (modules: string) => {
    if (!existsSync(modules)) return
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue
      const packages = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((inner) => join(entry, inner)) : [entry]
      for (const pkg of packages) {
        const path = join(modules, pkg)
        if (pkg === name && existsSync(join(path, 'package.json'))) found.push(relative(dir, path).split(sep).join('/'))
        visit(join(path, 'node_modules'))
      }
    }
  }
  visit(join(dir, 'node_modules'))
  return found
}
