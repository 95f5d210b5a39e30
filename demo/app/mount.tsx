/** Mount the sample dApp and the option panel (./App) into the page's containers. */
import { createRoot } from 'react-dom/client'
import { byId } from '../shell'
import { App, type AppProps } from './App'

export function mountApp(props: Omit<AppProps, 'containers'>): void {
  const containers = { buttons: byId('wallet-buttons'), options: byId('options') }
  createRoot(byId('dapp-actions')).render(<App {...props} containers={containers} />)
}
