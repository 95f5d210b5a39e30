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
import { siteTsconfig, type ConsumerSite } from '../support/consumerSite'

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
 * The site: the packages the plugin and the page import besides the tarball, a site's usual
 * settings (`include` covers the page, the Demo Wallet and the plugin's source), the page and its
 * HTML, the Demo Wallet, and the plugin's source from examples/sign-message-plugin.
 */
export const EXAMPLE_PLUGIN_SITE: ConsumerSite = {
  name: 'example-plugin-site',
  dependencies: ['react', 'react-dom', 'io-ts', 'rxjs', 'viem'],
  devDependencies: ['typescript', '@types/react'],
  files: {
    'tsconfig.json': siteTsconfig({ verbatimModuleSyntax: true, tsBuildInfoFile: '.cache/tsbuildinfo' }),
    'src/page.ts': page,
    'www/index.html': html,
  },
  copies: {
    'src/sign-message-plugin': 'examples/sign-message-plugin',
    'src/demoWallet.ts': 'demo/demoWallet.ts',
  },
}
