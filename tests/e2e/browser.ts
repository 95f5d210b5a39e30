/** Launch Debian's Chromium headless with the flags this machine needs, and a fresh profile. */
import { chromium, type BrowserContext, type BrowserContextOptions } from 'playwright-core'
import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM } from '../../scripts/ensure-chromium.mjs'
import { watchContentSecurity } from './csp'
import { idleMs } from '../support/until'

/** Playwright's limit for an action, a wait or a navigation with no `timeout` of its own, on an idle machine (its default). */
const DEFAULT_WAIT_MS = 30_000

/** `device` emulates a phone (user agent, touch, viewport) where a test needs one. */
/** `args`: more Chromium flags (e.g. host resolver rules that give a test page another origin). */
export async function launchChromium(device: BrowserContextOptions = {}, args: readonly string[] = []): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'airlock-chromium-'))
  // A persistent context on a new, empty profile directory: the fresh --user-data-dir.
  const context = await chromium.launchPersistentContext(profile, {
    ...device,
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...args,
    ],
  })
  // Every page and frame it loads is held to a strict Content-Security-Policy, and any violation
  // fails the running test (tests/e2e/csp.ts).
  await watchContentSecurity(context)
  // Its waits' default limit stretches with the load (tests/support/until.ts), as the explicit ones do.
  context.setDefaultTimeout(idleMs(DEFAULT_WAIT_MS))
  // The profile goes with the browser (a suite launches a few hundred, and each is ~2 MB), once
  // Chromium has exited: close() resolves after that, where the 'close' event can come earlier.
  const close = context.close.bind(context)
  context.close = async (options) => {
    await close(options)
    await rm(profile, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined)
  }
  return context
}
