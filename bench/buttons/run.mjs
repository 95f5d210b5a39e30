// `npm run bench:buttons`: Airlock's page-side buttons beside RainbowKit's and AppKit's, in Debian
// Chromium, at a desktop and a phone width, light and dark. Writes the pictures to
// docs/screenshots/buttons/ (kept in the repository):
//   compare-<desktop|phone>-<light|dark>.png  the three libraries' buttons on one page, one above the other
//                                             (Airlock's: sizes sm, md, lg and compact; disconnected,
//                                             connecting, connected with balance, the network button)
//   modal-<view>-<light|dark>.png             Airlock's modal on Connect, Account and SwitchNetwork, and
//                                             (light) the plugins' Send, Swap, Buy and Receive over the
//                                             local Blockchain API (services/accountStack.mjs)
//   peer-<peer>-<view>-light.png              RainbowKit's and AppKit's modals on the same views
// 1. The peers install as bench/peers does (`npm ci --ignore-scripts` of bench/peers/<id>'s package.json
//    and lockfile, warm npm cache), into .cache/button-peers/<id>, skipped while the lockfile is the same.
// 2. Each page builds with esbuild: Airlock's is tests/e2e/buttonsPage.tsx (the browser test's page),
//    the peers' are bench/buttons/peers/*.mjs, built inside the peer's install so they get its versions.
// 3. One loopback server: Airlock's page under services/static's strict CSP (frames from its own origin
//    allowed, for the comparison page), the peers' pages, env.json naming a local anvil chain, on which
//    Airlock's and RainbowKit's connected buttons show anvil's development account and its balance.
import * as esbuild from 'esbuild'
import { sdkImportsPlugin } from '../../scripts/sdkImports.mjs'
import { PEER_PAGE_BUILD } from '../peers/airlockPackage.mjs'
import { execFileSync } from 'node:child_process'
import { createServer } from 'node:http'
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { ensureChromium, CHROMIUM } from '../../scripts/ensure-chromium.mjs'
import { contentSecurityPolicy } from '../../services/static/server.mjs'
import { startAnvil, DEV_ACCOUNT } from '../../services/chain/anvil.mjs'
import { startAccountServices } from '../../services/accountStack.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const cache = join(root, '.cache', 'button-peers')
const site = join(root, '.cache', 'button-bench')
const shots = join(root, 'docs', 'screenshots', 'buttons')
const PEERS = [
  { id: 'rainbowkit', name: 'RainbowKit 2.2 (wagmi 2)' },
  { id: 'appkit', name: 'Reown AppKit 1.8' },
]
const WIDTHS = [
  { id: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { id: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
]
const THEMES = ['light', 'dark']
const log = (...args) => console.error('[bench:buttons]', ...args)

// 1. Install the peers.
for (const peer of PEERS) {
  const dir = join(cache, peer.id)
  const lock = readFileSync(join(root, 'bench', 'peers', peer.id, 'package-lock.json'))
  if (existsSync(join(dir, 'node_modules')) && existsSync(join(dir, 'package-lock.json')) && readFileSync(join(dir, 'package-lock.json')).equals(lock)) continue
  log(`installing ${peer.name}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(root, 'bench', 'peers', peer.id, file), join(dir, file))
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })
}

// 2. Build the pages.
rmSync(site, { recursive: true, force: true })
const build = (options) =>
  esbuild.build({
    ...PEER_PAGE_BUILD,
    loader: { '.png': 'dataurl', '.svg': 'dataurl', '.woff': 'file', '.woff2': 'file' },
    ...options,
  })
const page = (dir, title, script, css) =>
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${title}</title>\n${css
      .map((href) => `<link rel="stylesheet" href="${href}">`)
      .join('\n')}\n<script type="module" src="${script}"></script>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n`,
  )
log('building the pages')
mkdirSync(join(site, 'airlock'), { recursive: true })
await build({ absWorkingDir: root, entryPoints: { page: 'tests/e2e/buttonsPage.tsx' }, outdir: join(site, 'airlock'), plugins: [sdkImportsPlugin()] })
copyFileSync(join(root, 'tests/e2e/buttonsPage.css'), join(site, 'airlock', 'buttonsPage.css'))
page(join(site, 'airlock'), 'Airlock buttons', './page.js', ['./buttonsPage.css'])
for (const peer of PEERS) {
  const dir = join(cache, peer.id)
  copyFileSync(join(here, 'peers', `${peer.id}.mjs`), join(dir, 'buttons.mjs'))
  const out = join(site, peer.id)
  const result = await build({ absWorkingDir: dir, entryPoints: { page: 'buttons.mjs' }, outdir: out, metafile: true })
  const css = Object.keys(result.metafile.outputs).filter((p) => p.endsWith('.css'))
  copyFileSync(join(root, 'tests/e2e/buttonsPage.css'), join(out, 'buttonsPage.css'))
  page(out, `${peer.name} buttons`, './page.js', ['./buttonsPage.css', ...css.map((c) => `./${c.split('/').pop()}`)])
}
const frames = [{ id: 'airlock', name: 'Airlock' }, ...PEERS]
cpSync(join(here, 'compare.js'), join(site, 'compare.js'))
cpSync(join(root, 'tests/e2e/buttonsPage.css'), join(site, 'buttonsPage.css'))
writeFileSync(
  join(site, 'compare.html'),
  `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Buttons compared</title>\n<link rel="stylesheet" href="./buttonsPage.css">\n<script type="module" src="./compare.js"></script>\n</head>\n<body class="compare">\n${frames
    .map((f) => `<figure><figcaption>${f.name}</figcaption><iframe data-src="./${f.id}/" title="${f.name}"></iframe></figure>`)
    .join('\n')}\n</body>\n</html>\n`,
)

// 3. Serve, and take the pictures.
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
}
const anvil = await startAnvil({ chainId: 31337 })
// The Blockchain API over the chain (tokens, history, the account's name and avatar, swaps, the on-ramp),
// for the modal's plugin views: what `npm start` runs.
log('starting the local Blockchain API')
const account = await startAccountServices({ chain: { chainId: 31337, rpcUrl: anvil.url, name: 'Anvil' } })
const env = { chainId: 31337, rpcUrl: anvil.url, address: DEV_ACCOUNT.address, blockchainUrl: account.apiUrl }
// Airlock's page under the strict policy the browser tests use, but framable by its own origin.
const api = new URL(account.apiUrl).origin
const strict = contentSecurityPolicy([anvil.url, api], [api]).replace("frame-ancestors 'none'", "frame-ancestors 'self'")
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)
  if (path.endsWith('/env.json')) return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(env))
  let file = resolve(site, `.${path}`)
  if (file.startsWith(site) && existsSync(file) && !extname(file)) file = join(file, 'index.html')
  if (!file.startsWith(site) || !existsSync(file)) return void response.writeHead(404).end()
  const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }
  if (path.startsWith('/airlock/')) headers['content-security-policy'] = strict
  response.writeHead(200, headers).end(readFileSync(file))
})
await new Promise((done) => server.listen(0, '127.0.0.1', done))
const url = `http://127.0.0.1:${server.address().port}/`

ensureChromium()
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
})
const problems = []
try {
  mkdirSync(shots, { recursive: true })
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      const context = await browser.newContext({ viewport: width.viewport, deviceScaleFactor: width.deviceScaleFactor, colorScheme: theme })
      // Nothing leaves the machine: the peers' hosted APIs and fonts are not reached (they fall back).
      await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
      const tab = await context.newPage()
      // Airlock's page must run without an error or a CSP violation; the peers' pages fail their
      // hosted calls here (unreachable), which is theirs to log.
      let checking = true
      tab.on('console', (message) => {
        if (checking && message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(`${width.id} ${theme}: ${message.text()}`)
      })
      tab.on('pageerror', (error) => checking && problems.push(`${width.id} ${theme}: ${error.message}`))
      await tab.goto(`${url}airlock/?theme=${theme}`)
      await tab.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 })
      if (width.id === 'desktop') {
        // The modal as a visitor opens it: a click on the page's button (so no keyboard focus ring).
        for (const [view, state, name] of [
          ['connect', 'disconnected', 'Connect wallet'],
          ['account', 'connected', /^Account /],
          ['switch-network', 'network', /^Network: Anvil/],
        ]) {
          await tab.locator(`[data-row="md"] [data-state="${state}"]`).getByRole('button', { name }).click()
          await tab.getByRole('dialog').waitFor()
          await tab.waitForTimeout(400)
          await tab.screenshot({ path: join(shots, `modal-${view}-${theme}.png`) })
          if (view === 'account') {
            // The plugins' views, reached as a visitor reaches them, in light only.
            for (const [action, file] of theme === 'light'
              ? [
                  ['Send', 'send'],
                  ['Swap', 'swap'],
                  ['Buy', 'buy'],
                  ['Receive', 'receive'],
                ]
              : []) {
              await tab.getByRole('dialog').getByRole('button', { name: action, exact: true }).click()
              await tab.waitForTimeout(2500)
              await tab.screenshot({ path: join(shots, `modal-${file}-${theme}.png`) })
              await tab.getByRole('dialog').getByRole('button', { name: 'Back' }).click()
              await tab.waitForTimeout(400)
            }
          }
          await tab.keyboard.press('Escape')
          await tab.getByRole('dialog').waitFor({ state: 'detached' })
        }
        // The peers' modals beside them, in light only (their dark ones differ in colours alone).
        checking = false
        if (theme === 'light') {
          for (const [peer, view, target] of [
            ['rainbowkit', 'connect', (t) => t.locator('button', { hasText: 'Connect Wallet' })],
            ['rainbowkit', 'account', (t) => t.locator('button', { hasText: /0xf3/ })],
            ['rainbowkit', 'switch-network', (t) => t.locator('button', { hasText: 'Anvil' })],
            ['appkit', 'connect', (t) => t.locator('appkit-button')],
            ['appkit', 'switch-network', (t) => t.locator('appkit-network-button')],
          ]) {
            await tab.goto(`${url}${peer}/?theme=${theme}`)
            await tab.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 })
            await target(tab).first().click()
            await tab.waitForTimeout(1500)
            await tab.screenshot({ path: join(shots, `peer-${peer}-${view}-${theme}.png`) })
          }
        }
      }
      checking = false
      await tab.goto(`${url}compare.html?theme=${theme}`)
      await tab.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60_000 })
      await tab.screenshot({ path: join(shots, `compare-${width.id}-${theme}.png`), fullPage: true })
      await context.close()
      log(`${width.id} ${theme}: done`)
    }
  }
} finally {
  await browser.close()
  await new Promise((done) => server.close(done))
  await account.stop()
  await anvil.stop()
}
if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exit(1)
}
log(`screenshots in ${shots}`)
