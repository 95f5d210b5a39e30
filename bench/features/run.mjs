// `npm run bench:features`: the last four feature plugins (issue 15: swap, onramp, names, siwx) in
// the demo page, in Debian Chromium (playwright-core), every request to a non-loopback host
// aborted, a fresh profile per page, against the demo stack (anvil with the Uniswap V2 pools, the
// Blockchain API, the local on-ramp, the sessions service), all on loopback.
// - First load, EVM only: the product JS a page fetches before the first click with the four
//   features off (`?swaps=0&onramp=0&names=0`, no siwx config, no secure site) and with swap,
//   onramp and names on (the demo's default) — split by the demo build's metafile into the
//   product and the demo page's own code (bench/shared.mjs productInputs).
// - Swap: the click on Account's Swap to the first frame of the Swap view; then, with 10 ADT typed,
//   the quote's arrival (SWAP_QUOTE_RECEIVED) to the first frame showing the amount out, and the
//   keystroke to that frame (the 300 ms debounce included).
// - Sign-in round trip (`?siwx=1`): Sign on SIWXSignMessage to SIWX_AUTH_SUCCESS: the nonce from the
//   sessions service, the message, the Demo Wallet's signature, the service's verification, the
//   stored session and its credential cookie, read back.
// - gzip -9 sizes of each plugin's chunks in the library build: the module (state, reducer,
//   commands, strings), its effects, and its views.
// Writes bench/RESULTS.md's features section.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from '../../scripts/ensure-chromium.mjs'
import { firstLoadProduct, gzipBytes, kib, median, productInputs, withBenchPage, writeResultsSection } from '../shared.mjs'
import { buildAll } from '../../esbuild.config.mjs'
import { buildLibrary } from '../../scripts/buildLibrary.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
const PLUGINS = ['swap', 'onramp', 'names', 'siwx']
const root = fileURLToPath(new URL('../../', import.meta.url))
process.chdir(root)
ensureChromium()
const { demo } = await buildAll()

// --- Product and demo code (bench/shared.mjs firstLoadProduct) ---

const isProduct = productInputs(root)
/** The four plugins' code, their manifests apart. */
const FEATURE_CODE = new RegExp(`^src/plugins/(${PLUGINS.join('|')})/(?!manifest)`)

const stack = await startDemoStack({ embedded: false })

// --- First load ---

// `app=none`: the demo page without its sample dApp (React in the first load), as measured before it.
const firstLoad = (query) => firstLoadProduct({ url: `${stack.url}${query}&app=none`, metafile: demo.metafile, dir: 'demo', isProduct, feature: FEATURE_CODE })
const firstOff = await firstLoad('?namespaces=eip155&frame=none&swaps=0&onramp=0&names=0')
const firstOn = await firstLoad('?namespaces=eip155&frame=none')

// --- Swap ---

const dialogOf = (page) => page.getByRole('dialog')

async function connect(page, query) {
  await page.goto(`${stack.url}${query}&app=none`)
  await page.getByText('Airlock is running').waitFor()
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialogOf(page).getByRole('button', { name: 'Demo Wallet' }).click()
  await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('eip155'))
}

const swaps = []
for (let round = 0; round < ROUNDS; round++) {
  swaps.push(
    await withBenchPage(async (page) => {
      await connect(page, '?namespaces=eip155&frame=none')
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      const swapButton = dialogOf(page).getByRole('button', { name: 'Swap', exact: true })
      await swapButton.waitFor()
      // The click on Swap to the first frame with the Swap view's amount field.
      const open = await page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            const modal = () => document.querySelector('airlock-modal')?.shadowRoot
            const button = [...(modal()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === 'Swap')
            if (!button) return reject(new Error('no Swap button'))
            const t0 = performance.now()
            button.click()
            const check = () => {
              if (modal()?.querySelector('output.balance')) requestAnimationFrame(() => resolve(performance.now() - t0))
              else requestAnimationFrame(check)
            }
            check()
          }),
      )
      // Choose ADT → ETH (the token list is in once the radios show), as a visitor does.
      const dialog = dialogOf(page)
      await dialog.getByRole('button', { name: /Choose the token to pay with/ }).click()
      await dialog.getByRole('radio', { name: /^ADT · / }).click()
      await dialog.getByRole('button', { name: /Choose the token to receive/ }).click()
      await dialog.getByRole('radio', { name: /^ETH · / }).click()
      const field = dialog.getByLabel('Amount of ADT', { exact: true })
      await field.waitFor()
      await page.evaluate(() => {
        window.benchQuote = new Promise((resolve) => {
          const modal = () => document.querySelector('airlock-modal')?.shadowRoot
          const marks = {}
          const subscription = window.airlock.events$.subscribe((event) => {
            if (event.type !== 'SWAP_QUOTE_RECEIVED') return
            subscription.unsubscribe()
            marks.quote = performance.now()
            const check = () => {
              const shown = modal()?.querySelector('output.balance')?.textContent ?? ''
              if (/[1-9]/.test(shown)) requestAnimationFrame(() => resolve({ ...marks, frame: performance.now() }))
              else requestAnimationFrame(check)
            }
            check()
          })
        })
      })
      const typed = await page.evaluate(() => performance.now())
      await field.fill('10')
      const { quote, frame } = await page.evaluate(() => window.benchQuote)
      return { open, quoteToFrame: frame - quote, typedToFrame: frame - typed }
    }),
  )
}

// --- Sign-in round trip ---

const signIns = []
for (let round = 0; round < ROUNDS; round++) {
  signIns.push(
    await withBenchPage(async (page) => {
      await connect(page, '?namespaces=eip155&frame=none&siwx=1')
      const sign = dialogOf(page).getByRole('button', { name: 'Sign', exact: true })
      await sign.waitFor()
      await page.evaluate(() => {
        window.benchSignedIn = new Promise((resolve) => {
          const subscription = window.airlock.events$.subscribe((event) => {
            if (event.type === 'SIWX_AUTH_SUCCESS') {
              subscription.unsubscribe()
              resolve(performance.now())
            }
          })
        })
      })
      const clicked = await page.evaluate(() => performance.now())
      await sign.click()
      const done = await page.evaluate(() => window.benchSignedIn)
      // The next round signs in afresh: a fresh profile holds no sign-in credential (the service's cookie).
      return done - clicked
    }),
  )
}

await stack.stop()

// --- Bytes ---

const libDir = mkdtempSync(join(tmpdir(), 'airlock-bench-lib-'))
const { outputs } = await buildLibrary({ outdir: libDir })
const libGz = (path) => gzipBytes(readFileSync(join(libDir, path)))
const chunkRows = []
for (const plugin of PLUGINS) {
  const own = (out) => Object.keys(out.inputs).filter((i) => i.startsWith(`src/plugins/${plugin}/`))
  const moduleChunk = Object.entries(outputs).find(([, out]) => `src/plugins/${plugin}/index.ts` in out.inputs)?.[0]
  const rest = Object.entries(outputs).filter(
    ([path, out]) => path !== moduleChunk && own(out).length > 0 && own(out).every((i) => !i.endsWith('/manifest.ts')),
  )
  const isView = (out) => own(out).some((i) => i.includes('/views/') || i.endsWith('.tsx'))
  const views = rest.filter(([, out]) => isView(out))
  const effects = rest.filter(([, out]) => !isView(out))
  const sum = (list) => list.reduce((total, [path]) => total + libGz(path), 0)
  chunkRows.push({
    plugin,
    module: moduleChunk ? libGz(moduleChunk) : 0,
    effects: sum(effects),
    effectFiles: effects.length,
    views: sum(views),
    viewFiles: views.length,
  })
}
rmSync(libDir, { recursive: true, force: true })

// --- Results ---

const ms = (n) => `${Math.round(n)} ms`
const list = (xs) => xs.map(ms).join(', ')
const section = `<!-- features:start -->
## Swap, buy, names and sign-in (\`npm run bench:features\`)

Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 cores), Debian Chromium headless, everything on loopback: the demo page, anvil with the Uniswap V2 pools, the Blockchain API, the local on-ramp and the sessions service. ${ROUNDS} rounds, a fresh profile each; medians.

**First load, EVM only (product JS before the first click, gzip -9, demo build, no secure site):**

| Page | Product JS | Files | Files with swap, onramp, names or siwx code |
|---|---|---|---|
| the four features off (\`?swaps=0&onramp=0&names=0\`, no siwx config) | ${kib(firstOff.product)} | ${firstOff.files} | ${firstOff.featureFiles} |
| swap, onramp and names on (the demo's default) | ${kib(firstOn.product)} | ${firstOn.files} | ${firstOn.featureFiles} |

Issue 14 closed with 65.0 KiB in 52 files for the page with its own features off (\`npm run bench:embedded\`).

**Swap:** the click on Account's Swap to the first frame of the Swap view ${ms(median(swaps.map((s) => s.open)))} (${list(swaps.map((s) => s.open))}; the view's chunk and the effects' chunk load on this first open). With 10 ADT typed: the quote's arrival (SWAP_QUOTE_RECEIVED) to the first frame showing the amount out **${ms(median(swaps.map((s) => s.quoteToFrame)))}** (${list(swaps.map((s) => s.quoteToFrame))}); the keystroke to that frame ${ms(median(swaps.map((s) => s.typedToFrame)))} (the 300 ms debounce and the quote from the Blockchain API over the router included).

**Sign-in round trip** (\`?siwx=1\`, the Demo Wallet on eip155): Sign to SIWX_AUTH_SUCCESS **${ms(median(signIns))}** (${list(signIns)}): the nonce from the sessions service, the EIP-4361 message, the wallet's signature, the service's fail-closed verification, the stored session and its credential (an HttpOnly cookie), read back.

**Chunks (library build, gzip -9):**

| Plugin | Module (state, reducer, commands, strings) | Effects | Views |
|---|---|---|---|
${chunkRows.map((r) => `| ${r.plugin} | ${r.module.toLocaleString('en-US')} B | ${r.effects.toLocaleString('en-US')} B in ${r.effectFiles} files | ${r.views.toLocaleString('en-US')} B in ${r.viewFiles} files |`).join('\n')}
<!-- features:end -->`
writeResultsSection(root, 'features', section)
console.log(section)
process.exit(0)
