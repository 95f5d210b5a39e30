/**
 * The site owner's console (issue 24 §3), served by airlock-server at /console: sign in with a
 * wallet through Airlock's own modal (SIWX), then projects, their origins, features, wallets,
 * owners and analytics. The Airlock instance is `window.airlock` (as on the demo page).
 */
import { createRoot } from 'react-dom/client'
import { isRight } from 'fp-ts/Either'
import type { AirlockInstance } from 'airlock'
import 'uplot/dist/uPlot.min.css'
import './console.css'
import { ConsoleEnv } from './codecs'
import { createConsoleAirlock } from './airlock'
import { applyTheme, initialDark } from './theme'
import { App } from './app/App'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

async function loadEnv(): Promise<ConsoleEnv> {
  const answer = await fetch('/console/env.json').catch(() => undefined)
  const decoded = ConsoleEnv.decode(answer?.ok ? await answer.json() : undefined)
  return isRight(decoded) ? decoded.right : { networks: [] }
}

const dark = initialDark()
applyTheme(dark, false)
const airlock = createConsoleAirlock(await loadEnv(), dark)
window.airlock = airlock
const root = document.getElementById('root')
if (root) createRoot(root).render(<App airlock={airlock} initialDark={dark} />)
