// Builds the secure frame's site: app/main.ts bundled by esbuild for the browser (ESM, minified,
// everything inside: it loads nothing from a CDN, so what runs beside the keys is exactly what was
// built) and a static index.html with no inline script or style, which a strict CSP allows. The
// script's name carries its content hash and the page pins it with Subresource Integrity, so the
// script can be cached for good and a changed copy on a cache or CDN does not run.
//
// A self-hoster serves the folder as it is plus a config.json ({ authUrl, chains, solana }); the
// frame server (./server.mjs) does that and adds the per-project frame-ancestors header.
import * as esbuild from 'esbuild'
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const ENTRY = fileURLToPath(new URL('./app/main.ts', import.meta.url))
const OWN_FILE = /^(index\.html|main-[A-Za-z0-9]+\.js)$/

const page = (script, integrity) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="referrer" content="no-referrer" />
    <link rel="preload" href="./config.json" as="fetch" crossorigin="anonymous" />
    <title>Airlock secure frame</title>
    <script type="module" src="./${script}" integrity="${integrity}"></script>
  </head>
  <body></body>
</html>
`

/**
 * Bundle the frame into `outdir` (default dist/frame at the repository's root). Files of an older
 * build there are replaced; anything else (a config.json) is left alone. Resolves to the files
 * written with their sizes, raw and gzip.
 */
export async function buildFrame({ outdir = join(ROOT, 'dist/frame') } = {}) {
  const target = resolve(outdir)
  const result = await esbuild.build({
    entryPoints: { main: ENTRY },
    entryNames: '[name]-[hash]',
    outdir: target,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    metafile: true,
    logLevel: 'warning',
  })
  const script = result.outputFiles.find((file) => file.path.endsWith('.js'))
  if (!script) throw new Error('The frame build made no script')
  const name = basename(script.path)
  const integrity = `sha384-${createHash('sha384').update(script.contents).digest('base64')}`
  const html = Buffer.from(page(name, integrity))

  mkdirSync(target, { recursive: true })
  for (const old of readdirSync(target)) if (OWN_FILE.test(old)) rmSync(join(target, old))
  writeFileSync(join(target, name), script.contents)
  writeFileSync(join(target, 'index.html'), html)
  const size = (path, bytes) => ({ path, bytes: bytes.byteLength, gzipBytes: gzipSync(bytes).byteLength })
  // `inputs`: every file bundled, absolute (./cachedBuild.mjs keys its cache on them).
  const inputs = Object.keys(result.metafile.inputs).map((input) => resolve(input))
  return { outdir: target, script: name, files: [size('index.html', html), size(name, script.contents)], inputs }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildFrame(process.argv[2] ? { outdir: process.argv[2] } : {})
  for (const file of built.files) console.log(`${built.outdir}/${file.path}: ${file.bytes} bytes (${file.gzipBytes} gzip)`)
}
