// Makes sure Debian's Chromium is installed for the browser tests; CI starts without it.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

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

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM
  console.log('Installing Chromium from Debian (apt-get install chromium)…')
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  execSync(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq chromium`, { stdio: 'inherit', shell: '/bin/bash' })
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is still missing at ${CHROMIUM}`)
  return CHROMIUM
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium()
