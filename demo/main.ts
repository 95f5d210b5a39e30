/**
 * The demo page (`npm start`): an Airlock instance as a site creates it, the page's plain parts
 * (./shell: status, account, the modal's controls, the live events, the state), and the sample
 * dApp with the site owner's option panel (./app, React, loaded after the instance; `?app=none`
 * leaves it out, for the benches that measure Airlock's own first load). It uses only the public
 * entry points. The instance is `window.airlock`.
 */
import type { AirlockInstance } from 'airlock'
import { loadEnv } from './env'
import { readChoices } from './choices'
import { createDemoAirlock } from './airlock'
import { fillTexts, showPages, startShell } from './shell'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

const params = new URLSearchParams(location.search)
// The site owner's choices of the option panel (./choices): features, orders, theme, locale.
const choices = readChoices(params)
// The page's words and theme before anything is awaited.
document.documentElement.dataset.theme = choices.themeMode
fillTexts()
const env = await loadEnv()
const { airlock, evmNetworks } = await createDemoAirlock(env, params, choices)
window.airlock = airlock

startShell(airlock, env.devToolsUrl)
showPages('viem')
if (params.get('app') !== 'none') {
  const { mountApp } = await import('./app/mount')
  mountApp({ airlock, choices, evmNetworks })
}
