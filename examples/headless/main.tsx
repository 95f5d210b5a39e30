/**
 * The headless example's page: an Airlock instance whose modal is never appended
 * (`disableAppend`: its code is never fetched), and the site's own connect panel (ConnectPanel.tsx)
 * with its own email and social sign-in (SignIn.tsx) through the secure frame.
 * Where the local services listen (the config API with the wallet catalog, the relay, the chain)
 * comes from `./env.json`, as in the demo; a site writes its own values there.
 */
import { createRoot } from 'react-dom/client'
import { createAirlock, defineChain, type AirlockInstance } from 'airlock'
import { AirlockProvider } from 'airlock/react'
import { ConnectPanel } from './ConnectPanel'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

interface Env {
  readonly configUrl: string
  readonly relayUrl: string
  readonly chains: readonly { readonly chainId: number; readonly rpcUrl: string; readonly name: string }[]
  /** The secure frame's site (airlock-server's), for email and social sign-in; without it the page offers wallets only. */
  readonly frameUrl?: string
}

const env = (await (await fetch('./env.json')).json()) as Env
const chains = env.chains.map((chain) =>
  defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  }),
)

const airlock = createAirlock({
  // The local stack's project (services/demoStack.mjs), whose config API answers this page's origin; a site uses its own.
  projectId: 'airlock-demo',
  networks: chains,
  metadata: { name: 'Headless example', description: 'A connect UI of the site’s own', url: location.origin, icons: [] },
  // With the secure frame's site, email and social sign-in (the embedded wallet; on by default, the
  // providers as the project's config API says), in the page's own forms (SignIn.tsx).
  apiUrls: { config: env.configUrl, ...(env.frameUrl ? { secureSite: env.frameUrl } : {}) },
  // The embedded wallet's EOA (its smart account is a setting away), as the demo starts it.
  defaultAccountTypes: { eip155: 'eoa' },
  relayUrl: env.relayUrl,
  disableAppend: true,
})
window.airlock = airlock

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <AirlockProvider airlock={airlock}>
      <ConnectPanel />
    </AirlockProvider>,
  )
}
