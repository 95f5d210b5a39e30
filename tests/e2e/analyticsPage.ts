/**
 * The page of tests/e2e/analytics.test.ts: a site with the `analytics` option (addresses hashed)
 * pointed at airlock-server, one local chain, and the Demo Wallet announced. `/env.json` says
 * where the server and the chain are.
 */
import { createAirlock, defineChain, type AirlockInstance } from '../../src/index'
import { announceDemoWallet } from '../../demo/demoWallet'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

const env = (await (await fetch('./env.json')).json()) as { serverUrl: string; projectId: string; chainId: number; rpcUrl: string }
const local = defineChain({
  id: env.chainId,
  name: 'Airlock Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [env.rpcUrl] } },
  testnet: true,
})
announceDemoWallet(window, [{ chainId: env.chainId, rpcUrl: env.rpcUrl }])
window.airlock = createAirlock({
  projectId: env.projectId,
  networks: [local],
  disableAppend: true,
  enableWalletConnect: false,
  analytics: { url: env.serverUrl, includeAddresses: true },
})
document.body.dataset.ready = 'true'
