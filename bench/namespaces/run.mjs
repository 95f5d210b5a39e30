// `npm run bench:namespaces`: Solana and Bitcoin in the demo page, in Debian Chromium
// (playwright-core), every request to a non-loopback host aborted, a fresh profile per round.
// - The JS a page fetches before the first click, EVM-only (`?namespaces=eip155`) and with all
//   three namespaces, split by the demo build's metafile into the product (src/ and the libraries
//   it imports) and the demo page's own code (demo/: the page and its test wallets).
// - The JS a connection fetches, from the click on the Demo Wallet to connected, per namespace
//   (`?namespaces=eip155|solana|bip122`), product only.
// - Click on the Demo Wallet → connected, per namespace, median.
// Writes bench/RESULTS.md's namespaces section.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { gzipBytes, kib, launchBenchContext, median, scriptLog, sorted, writeResultsSection, productInputs } from '../shared.mjs'
import { buildAll } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
const root = fileURLToPath(new URL('../../', import.meta.url))
process.chdir(root)
ensureChromium()
const { demo } = await buildAll()
const demoDir = join(root, 'demo')

/** Whether a bundled input is the product's (bench/shared.mjs). */
const isProduct = productInputs(root)

/**
 * gzip -9 bytes of the served files, split into product and demo code by the share of each file's
 * bytes that come from the product (an estimate inside a file that mixes both; most hold one).
 */
function split(urls) {
  let product = 0
  let page = 0
  const all = []
  for (const url of urls) {
    const path = new URL(url).pathname.replace(/^\//, '')
    const bytes = readFileSync(join(demoDir, path))
    all.push(bytes)
    const gz = gzipBytes(bytes)
    const inputs = Object.entries(demo.metafile.outputs[`demo/${path}`]?.inputs ?? {})
    const total = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0) || 1
    const own = inputs.filter(([name]) => !isProduct(name)).reduce((sum, [, input]) => sum + input.bytesInOutput, 0)
    page += (gz * own) / total
    product += gz * (1 - own / total)
  }
  // The files concatenated, gzipped once: what the page's code weighs however the bundler split it.
  return { product: Math.round(product), page: Math.round(page), files: urls.length, concatenated: gzipBytes(Buffer.concat(all)) }
}

/**
 * How many served files hold Solana or Bitcoin product code (src/chains/solana|bip122, the
 * discovery chunk), not counting the namespaces' relay method names (methods.ts: the WalletConnect
 * proposal table, a few strings, in the first load since before Solana and Bitcoin had adapters).
 */
function namespaceCodeIn(urls) {
  return urls.filter((url) => {
    const path = new URL(url).pathname.replace(/^\//, '')
    return Object.keys(demo.metafile.outputs[`demo/${path}`]?.inputs ?? {}).some((name) =>
      /^src\/(chains\/(solana|bip122)\/(?!methods\.ts$)|connectors\/(namespaceWallets|bitcoinProviders|walletStandard\/))/.test(name),
    )
  }).length
}

const stack = await startDemoStack()
// `app=none`: the demo page without its sample dApp (React in the first load), as measured before it.
const pages = { evm: '?namespaces=eip155&app=none', all: '?app=none' }
const connects = { eip155: '?namespaces=eip155&app=none', solana: '?namespaces=solana&app=none', bip122: '?namespaces=bip122&app=none' }
const loads = { evm: [], all: [] }
const connections = { eip155: [], solana: [], bip122: [] }
try {
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, query] of Object.entries(pages)) {
      const context = await launchBenchContext()
      const page = context.pages()[0] ?? (await context.newPage())
      const scripts = scriptLog(page)
      await page.goto(`${stack.url}${query}`, { waitUntil: 'networkidle' })
      await page.getByText('Airlock is running').waitFor()
      const before = scripts()
      loads[name].push({ ...split(before), namespaceFiles: namespaceCodeIn(before) })
      await context.close()
    }
    // LOADS_ONLY=1 measures the page loads alone (e.g. on an older checkout, to compare the first load).
    for (const [namespace, query] of process.env.LOADS_ONLY ? [] : Object.entries(connects)) {
      const context = await launchBenchContext()
      const page = context.pages()[0] ?? (await context.newPage())
      const scripts = scriptLog(page)
      await page.goto(`${stack.url}${query}`, { waitUntil: 'networkidle' })
      await page.getByText('Airlock is running').waitFor()
      await page.click('#open')
      await page.getByRole('dialog').getByRole('button', { name: 'Demo Wallet' }).waitFor()
      await page.waitForLoadState('networkidle')
      const before = scripts()
      const ms = await page.evaluate(
        (ns) =>
          new Promise((resolve, reject) => {
            const button = [...(document.querySelector('airlock-modal')?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) =>
              b.textContent?.includes('Demo Wallet'),
            )
            if (!button) return reject(new Error('no Demo Wallet'))
            const t0 = performance.now()
            const subscription = window.airlock.state$.subscribe((state) => {
              if (state.connection.connectedNamespaces.includes(ns) && state.account.accounts[ns].address) {
                queueMicrotask(() => subscription.unsubscribe())
                resolve(performance.now() - t0)
              }
            })
            button.click()
          }),
        namespace,
      )
      await page.waitForLoadState('networkidle')
      const fetched = scripts().filter((u) => !before.includes(u))
      connections[namespace].push({ ms, ...split(fetched) })
      await context.close()
    }
  }
} finally {
  await stack.stop()
}

if (process.env.LOADS_ONLY) {
  console.log(JSON.stringify(loads))
  process.exit(0)
}

const first = (list) => list[0]
const timing = (list) => {
  const ms = list.map((r) => r.ms)
  return `${median(ms).toFixed(1)} ms (min ${sorted(ms)[0].toFixed(1)}, max ${sorted(ms).at(-1).toFixed(1)})`
}
const version = JSON.parse(readFileSync('node_modules/playwright-core/package.json', 'utf8')).version
const evm = first(loads.evm)
const all = first(loads.all)
const label = { eip155: 'EVM (EIP-6963)', solana: 'Solana (Wallet Standard)', bip122: 'Bitcoin (btc_providers)' }
const section = `<!-- namespaces:start -->
## Solana and Bitcoin (demo page)

Command: \`npm run bench:namespaces\` (${ROUNDS} rounds, a fresh Chromium profile each, non-loopback requests aborted; Debian Chromium via playwright-core ${version}; ${new Date().toISOString().slice(0, 10)}). Sizes are gzip -9 of each file as served, split by the demo build's metafile into the product (src/, the packages a site installing Airlock gets, and React) and the demo page's own code (demo/ and what only it imports: the page and its test wallets, whose signing code loads when they sign).

| Page | Product JS before the first click | Demo page JS | All of it, concatenated | Files | Files with Solana or Bitcoin product code |
|---|---|---|---|---|---|
| EVM only (\`?namespaces=eip155\`) | ${kib(evm.product)} | ${kib(evm.page)} | ${kib(evm.concatenated)} | ${evm.files} | ${evm.namespaceFiles} |
| EVM, Solana and Bitcoin | ${kib(all.product)} | ${kib(all.page)} | ${kib(all.concatenated)} | ${all.files} | ${all.namespaceFiles} |

| Connection (click on the Demo Wallet → connected) | Product JS it fetches | Click → connected, median |
|---|---|---|
${Object.entries(connections)
  .map(([ns, list]) => `| ${label[ns]} | ${kib(first(list).product)} (${first(list).files} files) | ${timing(list)} |`)
  .join('\n')}

Before Solana and Bitcoin (commit c1d6837, the same page and measure, recorded once): 63.5 KiB before the first click in 36 files, 55.5 KiB concatenated. The EVM-only page's growth is the core's multi-namespace logic (library first load +944 B, tests/build/chunks.test.ts) and esbuild's splitting: the new lazy chunks share first-load modules, so esbuild cuts the first load into 8 more files, each with its own gzip.

A Solana connection fetches the solana adapter (its SOL-transfer builder with @solana/kit loads only with a first transfer); a Bitcoin connection the bip122 adapter (no Bitcoin library: the wallet builds and signs). The EVM connection fetches the wallet effects and viem's pieces the eip155 adapter uses.
<!-- namespaces:end -->`

writeResultsSection(root, 'namespaces', section)
console.log(section)
