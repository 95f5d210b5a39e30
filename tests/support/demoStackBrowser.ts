/**
 * The demo stack of `npm start` (services/demoStack.mjs) with its account services (the Blockchain
 * API, the local exchange and on-ramp, on anvil), and a Chromium whose pages reach 127.0.0.1 alone
 * (a popup's too): for the tests of what a visitor does on the demo through those services. One per
 * test file; screenshots go to .cache/.
 *
 * ```ts
 * let demo: DemoStackBrowser
 * beforeAll(async () => (demo = await startDemoStackBrowser()), idleMs(120_000))
 * afterAll(() => demo?.close())
 * ```
 */
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import type { AccountServices } from '../../services/accountStack.mjs'
import { launchLoopbackChromium } from './loopbackChromium'

export type DemoStack = Awaited<ReturnType<typeof startDemoStack>>

export interface DemoStackBrowser {
  readonly stack: DemoStack
  /** The stack's account services (they are started: a stack without them is refused). */
  readonly account: AccountServices
  readonly context: BrowserContext
  /** Closes the context, then stops the stack. */
  close(): Promise<void>
}

/** Builds the demo if it is not (ensureBuilt), starts the stack with its account services and opens Chromium. */
export async function startDemoStackBrowser(): Promise<DemoStackBrowser> {
  await ensureBuilt()
  const stack = await startDemoStack()
  try {
    if (!stack.account) throw new Error('the demo stack started without its account services')
    const account = stack.account
    const context = await launchLoopbackChromium()
    mkdirSync('.cache', { recursive: true })
    return {
      stack,
      account,
      context,
      async close() {
        await context.close()
        await stack.stop()
      },
    }
  } catch (error) {
    await stack.stop()
    throw error
  }
}

/**
 * `page` on the demo at `url` as a visitor new to it: storage an earlier test left (the same browser
 * context) is cleared and the page loaded again, so no stored connection is restored.
 */
export async function visitAfresh(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  await page.getByText('Airlock is running').waitFor()
}

/** From the demo's Connect wallet button, connects the Demo Wallet (in `namespaces` namespaces) and waits until the modal closed. */
export async function connectDemoWallet(page: Page, namespaces: number): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Demo Wallet' }).click()
  await page.waitForFunction((n) => window.airlock.getState().connection.connectedNamespaces.length === n, namespaces)
  await page.waitForFunction(() => !window.airlock.getState().router.open)
}
