/**
 * A fresh site that installs the packed tarball beside its own React and brings the example plugin
 * as a third party would: the plugin's source (tests left out) copied into the site, where
 * `'airlock'` and `'airlock/react'` can only mean the installed package. A page creates an instance
 * with the plugin, reads where the local services listen from `/env.json` (as the demo does), and
 * announces the Demo Wallet.
 *
 * The site lives in .cache/example-plugin-app between runs: its node_modules make the next install
 * take seconds (served from the npm cache), and its tsbuildinfo the next type-check.
 */
import { copyFileSync, cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { copyTarball, lockedVersion } from '../package/consumerApp'

/** The packages the plugin and the page import besides the tarball: our lockfile's versions. */
const DEPENDENCIES = ['react', 'react-dom', 'io-ts', 'rxjs', 'viem']
const DEV_DEPENDENCIES = ['typescript', '@types/react']

/** A site's usual settings; `include` covers the page, the Demo Wallet and the plugin's source. */
const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    verbatimModuleSyntax: true,
    types: [],
    incremental: true,
    tsBuildInfoFile: '.cache/tsbuildinfo',
  },
  include: ['src'],
}

const page = `
import * as t from 'io-ts'
import { isRight } from 'fp-ts/Either'
import { createAirlock, defineChain, type AirlockInstance, type PublicEvent } from 'airlock'
import { announceDemoWallet } from './demoWallet'
import { signMessagePlugin } from './sign-message-plugin/manifest'

declare global {
  interface Window {
    airlock: AirlockInstance
    /** Every public event since the page loaded, as subscribeEvents gave it. */
    publicEvents: PublicEvent[]
  }
}

const Env = t.type({
  configUrl: t.string,
  relayUrl: t.string,
  chains: t.array(t.type({ chainId: t.number, rpcUrl: t.string, name: t.string })),
})

const decoded = Env.decode(await (await fetch('./env.json')).json())
if (!isRight(decoded) || !decoded.right.chains[0]) throw new TypeError('env.json is not what the test serves')
const env = decoded.right
const chain = env.chains[0]!
announceDemoWallet(window, [chain])

const airlock = createAirlock({
  projectId: 'example-plugin-site',
  networks: [
    defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
      testnet: true,
    }),
  ],
  metadata: { name: 'Example plugin site', description: 'A site with the example plugin', url: location.origin, icons: [] },
  apiUrls: { config: env.configUrl },
  relayUrl: env.relayUrl,
  locale: new URLSearchParams(location.search).get('locale') ?? 'en',
  plugins: [signMessagePlugin],
})
window.airlock = airlock
window.publicEvents = []
airlock.subscribeEvents((event) => window.publicEvents.push(event))
document.getElementById('open')?.addEventListener('click', () => void airlock.open())
const status = document.getElementById('status')
if (status) status.textContent = 'Site ready'
`

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Example plugin site</title>
    <script type="module" src="./dist/page.js"></script>
  </head>
  <body>
    <main>
      <p id="status" role="status">Loading…</p>
      <button type="button" id="open">Connect wallet</button>
    </main>
  </body>
</html>
`

/**
 * Write the site into `dir`: package.json (the tarball under a name from its content, so npm
 * never takes a changed package for the one it cached), tsconfig, the page and its HTML, the Demo
 * Wallet, and the plugin's source from `root/examples/sign-message-plugin` without its tests.
 */
export function writeExampleApp(root: string, dir: string, tarball: string): void {
  const name = copyTarball(dir, tarball)
  const pin = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, lockedVersion(root, n)]))
  const manifest = {
    name: 'example-plugin-site',
    private: true,
    type: 'module',
    dependencies: { airlock: `file:${name}`, ...pin(DEPENDENCIES) },
    devDependencies: pin(DEV_DEPENDENCIES),
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  // Without a tsconfig of its own, esbuild would find this repository's, whose `paths` map 'airlock' to src/.
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
  for (const folder of ['src', 'www']) rmSync(join(dir, folder), { recursive: true, force: true })
  mkdirSync(join(dir, 'www'), { recursive: true })
  cpSync(join(root, 'examples', 'sign-message-plugin'), join(dir, 'src', 'sign-message-plugin'), {
    recursive: true,
    filter: (source) => !/\.test\.tsx?$/.test(source),
  })
  copyFileSync(join(root, 'demo', 'demoWallet.ts'), join(dir, 'src', 'demoWallet.ts'))
  writeFileSync(join(dir, 'src', 'page.ts'), page)
  writeFileSync(join(dir, 'www', 'index.html'), html)
}
