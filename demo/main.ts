/**
 * The demo page (`npm start`): an Airlock instance as a site creates it, the page's plain parts
 * (./shell: status, account, the modal's controls, the live events, the state), and the sample
 * dApp with the site owner's option panel (./app, React, loaded after the instance; `?app=none`
 * leaves it out, for the benches that measure Airlock's own first load). It uses only the public
 * entry points. The instance is `window.airlock`; ./page starts it, as it does the wagmi page's.
 */
import { startPage } from './page'

const { airlock, choices, evmNetworks, params } = await startPage('viem')
if (params.get('app') !== 'none') {
  const { mountApp } = await import('./app/mount')
  mountApp({ airlock, choices, evmNetworks })
}
