/** Chromium for a test page: nothing it asks for leaves the machine. */
import type { BrowserContext, BrowserContextOptions } from 'playwright-core'
import { launchChromium } from '../e2e/browser'

/** `launchChromium(device)` whose pages reach 127.0.0.1 alone: every other request is aborted. */
export async function launchLoopbackChromium(device: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await launchChromium(device)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  return context
}
