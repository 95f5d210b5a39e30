// What the Chromium benchmarks share: a fresh headless Debian Chromium profile with every
// non-loopback request aborted, gzip -9 sizes of served files, and writing one section of
// bench/RESULTS.md between its markers.
import { chromium } from 'playwright-core'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM } from '../scripts/ensure-chromium.mjs'

export async function launchBenchContext() {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'airlock-bench-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  return context
}

/** A fresh context's page with a CDP session, its CPU slowed `throttle` times (1: not at all). */
export async function openBenchPage({ throttle = 1 } = {}) {
  const context = await launchBenchContext()
  const page = context.pages()[0] ?? (await context.newPage())
  const cdp = await context.newCDPSession(page)
  if (throttle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  return { context, page, cdp }
}

export const gzipBytes = (bytes) => gzipSync(bytes, { level: 9 }).length
export const kib = (n) => `${(n / 1024).toFixed(1)} KiB`
export const sorted = (xs) => [...xs].sort((a, b) => a - b)
export const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)]

/** Replace (or append) the `name` section of bench/RESULTS.md. */
export function writeResultsSection(root, name, section) {
  const file = join(root, 'bench', 'RESULTS.md')
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n\nEach section is written by the command it names.\n'
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  text = from >= 0 && to > from ? `${text.slice(0, from)}${section}${text.slice(to + end.length)}` : `${text.trimEnd()}\n\n${section}\n`
  writeFileSync(file, text)
}
