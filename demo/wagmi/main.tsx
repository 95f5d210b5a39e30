/**
 * The demo's wagmi page (`/wagmi.html`): the same Airlock instance as the main page (./airlock,
 * the same query parameters), as the modal of a wagmi app — `createConfig(wagmiParameters(airlock))`
 * from `airlock/wagmi` — and the sample dApp written with wagmi's hooks. The page's plain parts
 * (status, live events, state) are the main page's. The instance is `window.airlock`.
 */
import { createRoot } from 'react-dom/client'
import type { AirlockInstance } from 'airlock'
import { loadEnv } from '../env'
import { readChoices } from '../choices'
import { createDemoAirlock } from '../airlock'
import { byId, fillTexts, showPages, startShell } from '../shell'
import { strings } from '../strings'
import { WagmiApp } from './WagmiApp'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

const params = new URLSearchParams(location.search)
const choices = readChoices(params)
document.documentElement.dataset.theme = choices.themeMode
fillTexts()
document.title = `${strings.title}: ${strings.pageWagmi}`
const env = await loadEnv()
const { airlock } = await createDemoAirlock(env, params, choices)
window.airlock = airlock
startShell(airlock, env.devToolsUrl)
showPages('wagmi')
createRoot(byId('dapp-actions')).render(<WagmiApp airlock={airlock} buttons={byId('wallet-buttons')} />)
