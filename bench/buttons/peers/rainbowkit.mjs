// RainbowKit 2 on wagmi 2 (bench/peers/rainbowkit's lockfile), for bench/buttons: its ConnectButton
// disconnected, and connected through wagmi's mock connector as the anvil development account on
// the local chain (named Anvil, as on Airlock's page), its balance read from anvil; full and
// compact (avatar and chain icon). Plain createElement: this file is built from the peer's own
// install in .cache, outside the repository's type-check.
import '@rainbow-me/rainbowkit/styles.css'
import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import { ConnectButton, RainbowKitProvider, darkTheme, getDefaultConfig, lightTheme } from '@rainbow-me/rainbowkit'
import { WagmiProvider, createConfig, http } from 'wagmi'
import { foundry, mainnet } from 'wagmi/chains'
import { mock } from 'wagmi/connectors'
import { connect } from 'wagmi/actions'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const env = await (await fetch('./env.json')).json()
const dark = new URLSearchParams(location.search).get('theme') === 'dark'
document.documentElement.dataset.theme = dark ? 'dark' : 'light'
const anvil = { ...foundry, id: env.chainId, name: 'Anvil', rpcUrls: { default: { http: [env.rpcUrl] } } }
const idle = getDefaultConfig({
  appName: 'Bench',
  projectId: 'b0000000000000000000000000000000',
  chains: [mainnet],
  transports: { [mainnet.id]: http('http://127.0.0.1:9') },
})
// Two chains: RainbowKit shows its chain button only when there is a choice.
const connected = createConfig({
  chains: [anvil, mainnet],
  // Connected before the first render; WagmiProvider's reconnect on mount keeps it (features.reconnect).
  connectors: [mock({ accounts: [env.address], features: { reconnect: true } })],
  transports: { [anvil.id]: http(env.rpcUrl), [mainnet.id]: http('http://127.0.0.1:9') },
})
await connect(connected, { connector: connected.connectors[0] })
const theme = dark ? darkTheme() : lightTheme()

const kit = (config, ...children) =>
  h(WagmiProvider, { config }, h(QueryClientProvider, { client: new QueryClient() }, h(RainbowKitProvider, { theme }, ...children)))

// Each kit in a React root of its own: two RainbowKitProviders in one tree loop (React error 185).
const main = document.createElement('main')
document.getElementById('root').append(main)
const row = (label, ...kits) => {
  const section = document.createElement('section')
  section.className = 'row'
  const title = document.createElement('h2')
  title.textContent = label
  section.append(title)
  for (const element of kits) {
    const cell = document.createElement('div')
    cell.className = 'cell'
    section.append(cell)
    createRoot(cell).render(element)
  }
  main.append(section)
}
row('default', kit(idle, h(ConnectButton)), kit(connected, h(ConnectButton)))
row('compact', kit(connected, h(ConnectButton, { accountStatus: 'avatar', chainStatus: 'icon', showBalance: false })))
for (let i = 0; i < 200 && !/ETH/.test(document.body.textContent ?? ''); i++) await new Promise((resolve) => setTimeout(resolve, 50))
document.body.dataset.ready = 'true'
