/**
 * A test page built from this repository's sources, as a site would bundle it (esbuild: ESM with
 * shared chunks, production React), into a fresh temporary folder with an index.html that loads it,
 * then served on 127.0.0.1 under the static server's strict CSP.
 *
 * ```ts
 * site = await serveTestPage({ entry: 'tests/e2e/useEventsPage.tsx', title: 'useEvents' })
 * // … page.goto(site.url) …
 * await site?.close() // stops the server and removes the folder
 * ```
 */
import * as esbuild from 'esbuild'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, extname, join } from 'node:path'
import { startStaticServer } from '../../services/static/server.mjs'

/** What the static server is told besides the page's folder. */
export type TestPageServer = Omit<Parameters<typeof startStaticServer>[0], 'root'>

export interface TestPageOptions {
  /** The page's module: bundled to `<name>.js`, which index.html loads. */
  readonly entry: string
  /** The bundle's name: the entry's base name unless given (a page whose own index.html loads `main.js`). */
  readonly name?: string
  /** index.html's title. */
  readonly title: string
  /** index.html's body; `<div id="root"></div>` unless given. */
  readonly body?: string
  /** More of index.html's head, after the charset and title (a stylesheet). */
  readonly head?: string
  /** More files written into the page's folder, by name. */
  readonly files?: Readonly<Record<string, string>>
  /** More esbuild options (plugins). */
  readonly build?: Omit<esbuild.BuildOptions, 'entryPoints' | 'outdir'>
}

/** A built page's folder, not yet served. */
export interface BuiltTestPage {
  readonly root: string
  /** Serves the folder; the server's `close()` also removes the folder. */
  serve(server?: TestPageServer): Promise<ServedTestPage>
  /** Removes the folder (for a page that is never served). */
  remove(): void
}

export interface ServedTestPage {
  readonly url: string
  readonly port: number
  readonly root: string
  /** Stops the server, then removes the page's folder. */
  close(): Promise<void>
}

/** `index.html` for a page whose bundled module is `script`. */
export function testPageHtml({
  title,
  script,
  head = '',
  body = '<div id="root"></div>',
}: {
  title: string
  script: string
  head?: string
  body?: string
}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}<script type="module" src="./${script}"></script></head><body>${body}</body></html>`
}

/** Bundles `entry` into a fresh temporary folder beside its index.html (and `files`). */
export async function buildTestPage(options: TestPageOptions): Promise<BuiltTestPage> {
  const name = options.name ?? basename(options.entry, extname(options.entry))
  const root = mkdtempSync(join(tmpdir(), `airlock-${name}-`))
  const remove = () => rmSync(root, { recursive: true, force: true, maxRetries: 3 })
  try {
    await esbuild.build({
      entryPoints: { [name]: options.entry },
      bundle: true,
      splitting: true,
      format: 'esm',
      target: 'es2022',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      ...options.build,
      outdir: root,
    })
    writeFileSync(join(root, 'index.html'), testPageHtml({ title: options.title, script: `${name}.js`, head: options.head, body: options.body }))
    for (const [file, text] of Object.entries(options.files ?? {})) writeFileSync(join(root, file), text)
  } catch (error) {
    remove()
    throw error
  }
  return {
    root,
    remove,
    async serve(server = {}) {
      const site = await startStaticServer({ ...server, root }).catch((error: unknown) => {
        remove()
        throw error
      })
      return {
        url: site.url,
        port: site.port,
        root,
        async close() {
          await site.close()
          remove()
        },
      }
    },
  }
}

/** `buildTestPage(options)`, served with `server`'s options. */
export async function serveTestPage(options: TestPageOptions & { readonly server?: TestPageServer }): Promise<ServedTestPage> {
  return (await buildTestPage(options)).serve(options.server)
}
