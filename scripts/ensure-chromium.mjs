// Makes sure Debian's Chromium is installed for the browser tests and the benches; CI starts without it.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { aptInstall } from './aptInstall.mjs'

/** Debian's Chromium, the full browser a visitor runs: the benches' (beside the peers) and the demo's. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/**
 * The browser tests' Chromium: Debian's headless shell (package chromium-headless-shell), built from
 * the same chromium source package and version as CHROMIUM, the same Blink and V8, without the full
 * browser's UI layer; it is what Playwright itself runs for a headless launch. A demo page's load in a
 * fresh context, to the modal opened, took 2.5-3.3 s of Chromium's CPU with it against 5.3-6.3 s with
 * the full browser (renderer 1.6 against 3.5 s; `node bench/testcpu/pageLoad.mjs`, bench/RESULTS.md
 * "Test tiers"), and the browser group is bound by that CPU. `CHROMIUM_TESTS_PATH=/usr/bin/chromium`
 * runs every test in the full browser; the files that ask for it (tests/e2e/browser.ts `fullBrowser`) always run in it.
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_TESTS_PATH ?? '/usr/bin/chromium-headless-shell'
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

/** Debian's packages and the executable each installs. */
const PACKAGES = [
  ['chromium', CHROMIUM],
  ['chromium-headless-shell', TEST_CHROMIUM],
]

/** The Debian packages still missing (for scripts/test.mjs's one install). */
export const chromiumMissing = () => PACKAGES.filter(([, path]) => !existsSync(path)).map(([name]) => name)

/** Installs what is missing of both; returns the full browser's path. */
export function ensureChromium() {
  const missing = chromiumMissing()
  if (missing.length > 0) aptInstall(missing)
  for (const [name, path] of PACKAGES) if (!existsSync(path)) throw new Error(`${name} is still missing at ${path}`)
  return CHROMIUM
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium()
