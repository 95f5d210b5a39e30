/**
 * The page of tests/e2e/buttons.test.ts and bench/buttons: the page-side buttons of
 * `airlock/react` in each of their states at once, each state its own instance on a local chain:
 * - `idle`: nothing connected (Ethereum mainnet, no chain read);
 * - `pending`: a connection asked of a wallet that has not answered yet (its approval still open);
 * - `connected`: the Demo Wallet connected on the local anvil chain, its real balance read (the
 *   site lists five main networks besides it, for the network picker).
 * Rows by size (sm, md, lg), then the compact forms. `?theme=dark` for dark mode. `/env.json` says
 * where the chain is. The instances are `window.buttons`.
 */
import { createRoot } from 'react-dom/client'
import { arbitrum, base, createAirlock, defineChain, ethereum, optimism, polygon, type AirlockInstance } from '../../src/index'
import { AirlockProvider, ConnectButton, NetworkButton, type ButtonSize } from '../../src/react'
import { memoryStorage } from '../../src/kernel/deps'
import { announceDemoWallet } from '../../demo/demoWallet'

declare global {
  interface Window {
    buttons: { idle: AirlockInstance; pending: AirlockInstance; connected: AirlockInstance }
  }
}

/** `blockchainUrl`: the local Blockchain API (bench/buttons starts it, for the modal's plugin views). */
const env = (await (await fetch('./env.json')).json()) as { chainId: number; rpcUrl: string; blockchainUrl?: string }
const params = new URLSearchParams(location.search)
const themeMode = params.get('theme') === 'dark' ? 'dark' : 'light'
document.documentElement.dataset.theme = themeMode

const local = defineChain({
  id: env.chainId,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [env.rpcUrl] } },
  // With the Blockchain API it stands in for a main network (identity is asked on main networks only).
  testnet: env.blockchainUrl === undefined,
})

/** A browser wallet whose approval prompt is still open: it never answers eth_requestAccounts. */
function announceWaitingWallet(): void {
  const provider = {
    request: ({ method }: { method: string }): Promise<unknown> => {
      if (method === 'eth_requestAccounts') return new Promise(() => undefined)
      if (method === 'eth_accounts') return Promise.resolve([])
      if (method === 'eth_chainId') return Promise.resolve(`0x${env.chainId.toString(16)}`)
      return Promise.reject(Object.assign(new Error('Unsupported'), { code: 4200 }))
    },
    on: () => undefined,
    removeListener: () => undefined,
  }
  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: 'Waiting Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
    rdns: 'dev.airlock.waiting',
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

announceDemoWallet(window, [{ chainId: env.chainId, rpcUrl: env.rpcUrl }])
announceWaitingWallet()

const make = (networks: Parameters<typeof createAirlock>[0]['networks'], blockchain?: string) =>
  createAirlock(
    { projectId: 'buttons', networks, themeMode, enableWalletConnect: false, enableEmbedded: false, ...(blockchain ? { apiUrls: { blockchain } } : {}) },
    { deps: { storage: memoryStorage() } },
  )
const idle = make([ethereum])
const pending = make([local])
// More networks than the wallet knows, so the network picker has a list to show (only Anvil is read).
const connected = make([local, ethereum, base, optimism, arbitrum, polygon], env.blockchainUrl)
window.buttons = { idle, pending, connected }

async function connectorNamed(instance: AirlockInstance, name: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = instance.getState().connectors.allConnectors.find((c) => c.name === name)
    if (found) return found.id
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${name} was not announced`)
}

void pending.connect(await connectorNamed(pending, 'Waiting Wallet')).catch(() => undefined)
await connected.connect(await connectorNamed(connected, 'Demo Wallet'))

const SIZES: readonly ButtonSize[] = ['sm', 'md', 'lg']

function Row(props: { readonly size?: ButtonSize; readonly compact?: boolean; readonly label: string }) {
  const look = { ...(props.size ? { size: props.size } : {}), ...(props.compact ? { compact: true } : {}) }
  return (
    <section className="row" aria-label={props.label} data-row={props.label}>
      <h2>{props.label}</h2>
      <div className="cell" data-state="disconnected">
        <AirlockProvider airlock={idle}>
          <ConnectButton {...look} />
        </AirlockProvider>
      </div>
      <div className="cell" data-state="connecting">
        <AirlockProvider airlock={pending}>
          <ConnectButton {...look} />
        </AirlockProvider>
      </div>
      <div className="cell" data-state="connected">
        <AirlockProvider airlock={connected}>
          <ConnectButton {...look} />
        </AirlockProvider>
      </div>
      <div className="cell" data-state="network">
        <AirlockProvider airlock={idle}>
          <NetworkButton {...look} />
        </AirlockProvider>
        <AirlockProvider airlock={connected}>
          <NetworkButton {...look} />
        </AirlockProvider>
      </div>
    </section>
  )
}

createRoot(document.getElementById('root')!).render(
  <main>
    {SIZES.map((size) => (
      <Row key={size} size={size} label={size} />
    ))}
    <Row compact label="compact" />
  </main>,
)

// Ready once the connected account shows its balance.
for (let i = 0; i < 200 && !document.querySelector('[data-state="connected"] .airlock-balance'); i++) await new Promise((resolve) => setTimeout(resolve, 50))
document.body.dataset.ready = 'true'
