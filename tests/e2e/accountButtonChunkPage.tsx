/**
 * The page of tests/e2e/accountButtonChunk.test.ts: a ConnectButton over one instance on a local
 * anvil chain (`/env.json` says where), the Demo Wallet announced; nothing connects until the test
 * calls `window.connectDemo()`. `window.airlock` is the instance.
 */
import { createRoot } from 'react-dom/client'
import { createAirlock, defineChain, type AirlockInstance } from '../../src/index'
import { AirlockProvider, ConnectButton } from '../../src/react'
import { memoryStorage } from '../../src/kernel/deps'
import { announceDemoWallet } from '../../demo/demoWallet'

declare global {
  interface Window {
    airlock: AirlockInstance
    connectDemo: () => Promise<void>
  }
}

const env = (await (await fetch('./env.json')).json()) as { chainId: number; rpcUrl: string }
const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const anvil = defineChain({ id: env.chainId, name: 'Anvil', nativeCurrency: ether, rpcUrls: { default: { http: [env.rpcUrl] } }, testnet: true })
announceDemoWallet(window, [{ chainId: env.chainId, rpcUrl: env.rpcUrl }])
const airlock = createAirlock(
  { projectId: 'account-button-chunk', networks: [anvil], enableWalletConnect: false, enableEmbedded: false },
  { deps: { storage: memoryStorage() } },
)
window.airlock = airlock
window.connectDemo = async () => {
  const demo = airlock.getState().connectors.allConnectors.find((connector) => connector.name === 'Demo Wallet')
  if (!demo) throw new Error('the Demo Wallet was not announced')
  await airlock.connect(demo.id)
}

createRoot(document.getElementById('root')!).render(
  <AirlockProvider airlock={airlock}>
    <ConnectButton />
  </AirlockProvider>,
)
document.body.dataset.ready = 'true'
