/**
 * How both demo pages start (./main.ts, the dApp on viem; ./wagmi/main.tsx, the dApp on wagmi): the
 * option panel's choices from the query (./choices), the page's theme, its shared parts (./frame)
 * and its words before anything is awaited; then the same Airlock instance (./airlock) as
 * `window.airlock`, and the plain parts wired to it (./shell).
 */
import type { AirlockInstance } from 'airlock'
import { loadEnv } from './env'
import { readChoices } from './choices'
import { createDemoAirlock } from './airlock'
import { buildFrame } from './frame'
import { fillTexts, pageTitle, showPages, startShell, type PageId } from './shell'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

export async function startPage(current: PageId) {
  const params = new URLSearchParams(location.search)
  // The site owner's choices of the option panel (./choices): features, orders, theme, locale.
  const choices = readChoices(params)
  // The page's words and theme before anything is awaited.
  document.documentElement.dataset.theme = choices.themeMode
  buildFrame()
  fillTexts()
  document.title = pageTitle(current)
  const env = await loadEnv()
  const { airlock, evmNetworks } = await createDemoAirlock(env, params, choices)
  window.airlock = airlock
  startShell(airlock, env.devToolsUrl)
  showPages(current)
  return { airlock, choices, evmNetworks, params }
}
