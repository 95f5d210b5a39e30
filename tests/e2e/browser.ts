/**
 * Debian's Chromium headless with the flags this machine needs: one browser per test file (per set of
 * flags), launched at the file's first `launchChromium()` and closed after its tests, and a fresh
 * context of its own for each call: its own cookies, storage, cache and service workers, as a new
 * profile would have, without a browser's start each time (a persistent context on a new profile
 * directory took 2.6-3.1 s to its first page; a context in a running browser 1.5-1.8 s, at load 13-17).
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'
import { CHROMIUM, TEST_CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/ensure-chromium.mjs'
import { watchContentSecurity } from './csp'
import { idleMs } from '../support/until'

/** Playwright's limit for an action, a wait or a navigation with no `timeout` of its own, on an idle machine (its default). */
const DEFAULT_WAIT_MS = 30_000

/** This file's running browsers, by executable and extra flags (host resolver rules are the browser's, not a context's). */
const browsers = new Map<string, Promise<Browser>>()

/**
 * Closes this file's browsers (tests/e2e/browserFileHooks.ts, after the file's own afterAll hooks,
 * which close their contexts). The browser files share their workers' modules, so this map outlives
 * a file: each file still gets browsers of its own.
 */
export async function closeBrowsers(): Promise<void> {
  const running = [...browsers.values()]
  browsers.clear()
  await Promise.all(running.map(async (browser) => (await browser.catch(() => undefined))?.close()))
}

function browserWith(args: readonly string[], executablePath: string): Promise<Browser> {
  const key = [executablePath, ...args].join('\n')
  let browser = browsers.get(key)
  if (!browser) {
    // Headless Chromium keeps no profile directory of its own: Playwright gives it a temporary one
    // and removes it when the browser closes.
    browser = chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_FLAGS, ...args] })
    browsers.set(key, browser)
    browser.catch(() => browsers.delete(key))
  }
  return browser
}

/**
 * A fresh browser context, as a new profile would be. `device` emulates a phone (user agent, touch,
 * viewport) where a test needs one; `args`: more Chromium flags (e.g. host resolver rules that give a
 * test page another origin), for a browser of their own. The browser is Debian's headless shell
 * (scripts/ensure-chromium.mjs TEST_CHROMIUM: the same Chromium, half the CPU per page); with
 * `fullBrowser`, Debian's full Chromium, the browser a visitor runs, which the demo page's journey
 * and the strict-CSP files keep being tested in.
 */
export async function launchChromium(
  device: BrowserContextOptions = {},
  args: readonly string[] = [],
  { fullBrowser = false }: { fullBrowser?: boolean } = {},
): Promise<BrowserContext> {
  // The headless shell ignores `--unsafely-treat-insecure-origin-as-secure` (its page is no secure
  // context, crypto.subtle missing), which a test gives to make a non-loopback http origin a site's.
  const full = fullBrowser || args.some((arg) => arg.startsWith('--unsafely-treat-insecure-origin-as-secure='))
  const context = await (await browserWith(args, full ? CHROMIUM : TEST_CHROMIUM)).newContext(device)
  // Every page and frame it loads is held to a strict Content-Security-Policy, and any violation
  // fails the running test (tests/e2e/csp.ts).
  await watchContentSecurity(context)
  // Its waits' default limit stretches with the load (tests/support/until.ts), as the explicit ones do.
  context.setDefaultTimeout(idleMs(DEFAULT_WAIT_MS))
  return context
}
