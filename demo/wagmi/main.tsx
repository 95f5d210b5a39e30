/**
 * The demo's wagmi page (`/wagmi.html`): the same Airlock instance as the main page (../page, the
 * same query parameters), as the modal of a wagmi app — `createConfig(wagmiParameters(airlock))`
 * from `airlock/wagmi` — and the sample dApp written with wagmi's hooks. The page's plain parts
 * (status, live events, state) are the main page's. The instance is `window.airlock`.
 */
import { createRoot } from 'react-dom/client'
import { startPage } from '../page'
import { byId } from '../shell'
import { WagmiApp } from './WagmiApp'

const { airlock } = await startPage('wagmi')
createRoot(byId('dapp-actions')).render(<WagmiApp airlock={airlock} buttons={byId('wallet-buttons')} />)
