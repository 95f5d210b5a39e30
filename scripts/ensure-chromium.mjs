// Makes sure Debian's Chromium is installed for the browser tests; CI starts without it.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { aptInstall } from './aptInstall.mjs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** The flags every headless launch of the tests and benches has (no sandbox, no GPU, no traffic of Chromium's own); a launch's own come after them. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Whether Chromium is missing (the Debian package to install, for scripts/test.mjs). */
export const chromiumMissing = () => !existsSync(CHROMIUM)

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM
  aptInstall(['chromium'])
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is still missing at ${CHROMIUM}`)
  return CHROMIUM
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium()
