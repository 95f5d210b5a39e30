/** Chromium for a test page: nothing it asks for leaves the machine. */
import type { BrowserContext, BrowserContextOptions } from 'playwright-core'
import { launchChromium } from '../e2e/browser'

/** `launchChromium(device)` whose pages reach 127.0.0.1 alone: every other request is aborted. */
export async function launchLoopbackChromium(device: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await launchChromium(device)
  // A page's own route (which Playwright runs first) may have handled it meanwhile, or the page
  // closed: nothing is left to decide then (an unhandled "Route is already handled!" otherwise).
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()).catch(() => undefined))
  return context
}
