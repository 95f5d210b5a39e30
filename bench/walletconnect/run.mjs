// `npm run bench:walletconnect`: what WalletConnect costs and how fast it pairs.
// - Our own WalletConnect code: the library build's chunks (dependencies external, as a site's
//   bundler sees them) that only the relay client's dynamic import reaches (raw and gzip -9).
// - In Debian Chromium on the demo page (fresh profile per round, non-loopback requests aborted):
//   the JS fetched before WalletConnect is chosen, checked to hold no sign-client code; the JS that
//   choosing it fetches; and the time from the click to the first frame showing the QR code.
// - Pairing on loopback in Node (pairing.ts): the wallet's pair(uri) to the approved session.
// Writes bench/RESULTS.md's walletconnect section.
import * as esbuild from 'esbuild'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { clickToFrame, gzipBytes as gz, kib, launchBenchContext, median, scriptLog, servedSizes, sorted, writeResultsSection } from '../shared.mjs'
import { buildAll, buildLibrary } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 3)
const PAIR_ROUNDS = Number(process.env.PAIR_ROUNDS ?? 10)
/** A string only sign-client's code carries: the relay method of a session proposal. */
const MARK = 'wc_sessionPropose'
const CLIENT_INPUT = 'src/connectors/walletconnect/client.ts'
const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
process.chdir(root)

const range = (xs, digits = 1) => `${median(xs).toFixed(digits)} ms (min ${sorted(xs)[0].toFixed(digits)}, max ${sorted(xs).at(-1).toFixed(digits)})`

// 1. The library build: chunks reached only through the client's dynamic import.
const outdir = mkdtempSync(join(tmpdir(), 'airlock-wc-bench-'))
const { outputs } = await buildLibrary({ outdir })
const closure = (start) => {
  const seen = new Set()
  const visit = (p) => {
    if (seen.has(p)) return
    seen.add(p)
    for (const i of outputs[p]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path)
  }
  start.forEach(visit)
  return seen
}
const entryClosure = closure(['index.js', 'react.js'])
const clientChunk = Object.keys(outputs).find((p) => CLIENT_INPUT in outputs[p].inputs)
const wcFiles = [...closure([clientChunk])].filter((p) => !entryClosure.has(p))
const wcBytes = wcFiles.map((p) => readFileSync(join(outdir, p)))
const wc = { raw: wcBytes.reduce((a, b) => a + b.length, 0), gzip: wcBytes.reduce((a, b) => a + gz(b), 0), files: wcFiles.length }
rmSync(outdir, { recursive: true, force: true })

// 2. The demo page in Chromium.
ensureChromium()
await buildAll()
const stack = await startDemoStack()
const demoDir = join(root, 'demo')
const rounds = []
try {
  for (let i = 0; i < ROUNDS; i++) {
    const context = await launchBenchContext()
    const page = context.pages()[0] ?? (await context.newPage())
    const scripts = scriptLog(page)
    // `?app=none`: the demo page without its sample dApp, as measured before it.
    await page.goto(`${stack.url}?app=none`, { waitUntil: 'networkidle' })
    await page.getByText('Airlock is running').waitFor()
    await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'WalletConnect' }).waitFor()
    await page.waitForLoadState('networkidle')
    const before = scripts()
    const ms = await clickToFrame(page, { click: 'button', text: 'WalletConnect', inModal: true, shown: 'svg.qr' })
    await page.waitForLoadState('networkidle')
    const after = scripts().filter((u) => !before.includes(u))
    rounds.push({ ms, before: servedSizes(demoDir, before, MARK), after: servedSizes(demoDir, after, MARK) })
    await context.close()
  }
} finally {
  await stack.stop()
}

// 3. Pairing on loopback.
const outfile = join(root, '.cache', 'bench-walletconnect.mjs')
mkdirSync(dirname(outfile), { recursive: true })
await esbuild.build({
  entryPoints: [join(here, 'pairing.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
})
const pairing = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import('${outfile}').then((m) => m.run(${PAIR_ROUNDS})).then((r) => { process.stdout.write(JSON.stringify(r)); process.exit(0) })`,
    ],
    {
      encoding: 'utf8',
      cwd: root,
      env: process.env,
    },
  ),
)

const first = rounds[0]
const version = JSON.parse(readFileSync('node_modules/playwright-core/package.json', 'utf8')).version
const signClient = JSON.parse(readFileSync('node_modules/@walletconnect/sign-client/package.json', 'utf8')).version
const section = `<!-- walletconnect:start -->
## WalletConnect

Command: \`npm run bench:walletconnect\` (${ROUNDS} Chromium rounds, a fresh profile each, non-loopback requests aborted; ${PAIR_ROUNDS} pairing rounds; @walletconnect/sign-client ${signClient}, Debian Chromium via playwright-core ${version}; ${new Date().toISOString().slice(0, 10)}).

| Measure | Value |
|---|---|
| The WalletConnect chunk as the demo page fetches it (our client with sign-client bundled): JS that choosing WalletConnect fetched | ${kib(first.after.gzip)} gzip (${kib(first.after.raw)} raw, ${first.after.files} files), of which holding sign-client code: ${first.after.marked} |
| JS the demo page fetched before WalletConnect was chosen (modal open) | ${kib(first.before.gzip)} gzip, ${first.before.files} files, of which holding sign-client code: ${first.before.marked} |
| Our own WalletConnect code in the library build (dependencies external), reached only by the dynamic import | ${kib(wc.gzip)} gzip (${kib(wc.raw)} raw, ${wc.files} files) |
| Click on WalletConnect to the first frame showing the QR code, median | ${range(rounds.map((r) => r.ms))} |
| dApp client start and pairing URI (Node, fresh client), median | ${range(pairing.initMs)} |
| Pairing on loopback: wallet's \`pair(uri)\` to the dApp holding the approved session, median | ${range(pairing.pairMs)} |

"Holding sign-client code" means the file contains \`${MARK}\`, a string only sign-client carries. Sizes are gzip -9 of each file as built or served. The click-to-QR time includes fetching the chunk from the loopback server, starting the client, connecting to the local relay and creating the pairing.
<!-- walletconnect:end -->`

writeResultsSection(root, 'walletconnect', section)
console.log(section)
