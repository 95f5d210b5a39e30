/**
 * The demo stack of one test file (services/demoStack.mjs, the back end of `npm start`): built if
 * it is not (ensureBuilt) and started before the file's tests, stopped after them with every
 * Chromium context the file opened through it. Called at the file's top level: it registers the
 * file's beforeAll and afterAll.
 *
 * ```ts
 * const demo = fileDemoStack({ embedded: false, accountServices: false })
 * // in a test: a survival page (tests/support/survive.ts), or a context of its own
 * const page = await demo.survivalPage(problems, '?namespaces=eip155&siwx=required')
 * const other = await (await demo.newContext()).newPage()
 * ```
 */
import { afterAll, beforeAll } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import type { EmbeddedServices } from '../../services/embeddedStack.mjs'
import { launchChromium } from '../e2e/browser'
import { launchLoopbackChromium } from './loopbackChromium'
import { survivalPage } from './survive'
import { idleMs } from './until'

export type DemoStack = Awaited<ReturnType<typeof startDemoStack>>

export interface FileDemoStack {
  /** The running stack (from the file's beforeAll on). */
  readonly stack: DemoStack
  /** The stack's embedded wallet services (the SMTP sink…); a stack started without them is an error. */
  readonly embedded: EmbeddedServices
  /** A new Chromium context whose pages reach 127.0.0.1 alone. */
  newContext(): Promise<BrowserContext>
  /** `context` (one the test launched itself) closed after the file's tests with the others. */
  closesAfter(context: BrowserContext): BrowserContext
  /** survivalPage (loopback only, Playwright's clock installed) in a new context, at the stack's URL + `query`; `before` runs before it loads. */
  survivalPage(problems: string[], query: string, before?: (page: Page) => Promise<void>): Promise<Page>
}

/** Registers the file's beforeAll (start the demo stack with `options`) and afterAll (close the contexts, stop the stack). */
export function fileDemoStack(options?: Parameters<typeof startDemoStack>[0]): FileDemoStack {
  let stack: DemoStack | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    await ensureBuilt()
    stack = await startDemoStack(options)
  }, idleMs(180_000))
  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close()
    await stack?.stop()
  }, idleMs(60_000))
  const running = (): DemoStack => {
    if (stack === undefined) throw new Error('the demo stack is not running: fileDemoStack() starts it in the beforeAll of the file that calls it')
    return stack
  }
  const opened = (context: BrowserContext): BrowserContext => {
    contexts.push(context)
    return context
  }
  return {
    get stack() {
      return running()
    },
    get embedded() {
      const embedded = running().embedded
      if (embedded === undefined) throw new Error('the demo stack started without the embedded wallet')
      return embedded
    },
    closesAfter: opened,
    async newContext() {
      return opened(await launchLoopbackChromium())
    },
    async survivalPage(problems, query, before) {
      return survivalPage(opened(await launchChromium()), problems, `${running().url}${query}`, before)
    },
  }
}
