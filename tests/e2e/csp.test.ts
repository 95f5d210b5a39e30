/**
 * Issue 27 §4: the demo and everything it loads run under a strict Content-Security-Policy, and
 * the browser suite's guard (tests/e2e/csp.ts, on every context launchChromium makes) catches what
 * breaks it. In real Chromium, on the demo stack (its services and airlock-server with the secure
 * frame):
 * - the demo page, wagmi.html, the secure frame and the console are each served with a strict
 *   policy; the demo's frame-src is the secure frame's origin alone and its connect-src the
 *   origins of the services it is configured with, nothing else;
 * - the modal opens, with the secure frame, with no violation;
 * - a hostile script's inline script, eval, inline style, connection to an unlisted service and
 *   frame of another origin are each refused by the browser, and each is recorded by the guard
 *   (which would fail the test that caused it);
 * - a page served without a policy is recorded too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page, Response } from 'playwright-core'
import { createServer, type Server } from 'node:http'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { launchChromium } from './browser'
import { parsePolicy, strictPolicyProblems, takeCspProblems } from './csp'
import { idleMs } from '../support/until'

let stack: Awaited<ReturnType<typeof startDemoStack>>
const contexts: BrowserContext[] = []
const problems: string[] = []

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ accountServices: false })
}, idleMs(180_000))

afterAll(async () => {
  for (const context of contexts) await context.close()
  await stack?.stop()
})

async function newPage(): Promise<Page> {
  // The browser a visitor runs, whose enforcement of the policy is what this file asserts (the other
  // files run in Debian's headless shell of the same Chromium: tests/e2e/browser.ts).
  const context = await launchChromium({}, [], { fullBrowser: true })
  contexts.push(context)
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return page
}

const policyOf = async (response: Response | null): Promise<string> => (await response?.allHeaders())?.['content-security-policy'] ?? ''
const origin = (url: string) => new URL(url).origin

describe('the demo under its Content-Security-Policy', () => {
  it(
    "serves the demo, wagmi.html, the secure frame and the console strictly: frame-src the frame's origin, connect-src the configured services",
    async () => {
      const page = await newPage()
      const frameDocuments: Response[] = []
      page.on('response', (response) => {
        if (response.request().resourceType() === 'document' && origin(response.url()) === origin(stack.embedded!.frameUrl)) frameDocuments.push(response)
      })
      const policy = await policyOf(await page.goto(`${stack.url}?namespaces=eip155`))
      await page.getByText('Airlock is running').waitFor()
      expect(strictPolicyProblems(policy, { frames: [stack.embedded!.frameUrl] })).toEqual([])
      const directives = parsePolicy(policy)
      expect(directives.get('frame-src')).toEqual([origin(stack.embedded!.frameUrl)])
      const services = [stack.configUrl, stack.relayUrl, stack.solana.url, stack.solana.wsUrl, stack.bitcoin.url, ...stack.chains.map((c) => c.rpcUrl)]
      expect(new Set(directives.get('connect-src'))).toEqual(new Set(["'self'", ...services.map(origin)]))
      expect(directives.get('script-src')).toEqual(["'self'"])
      expect(directives.get('style-src')).toEqual(["'self'"])

      // The modal opens with the secure frame in it, with nothing refused (the guard fails the test
      // on a violation); the frame's own document is strict.
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await page.getByRole('dialog').getByRole('textbox', { name: 'Email' }).waitFor()
      await expect.poll(() => frameDocuments.length, { timeout: idleMs(20_000) }).toBeGreaterThan(0)
      expect(strictPolicyProblems(await policyOf(frameDocuments[0]!))).toEqual([])
      expect(parsePolicy(await policyOf(frameDocuments[0]!)).get('require-trusted-types-for')).toEqual(["'script'"])

      const wagmi = await policyOf(await page.goto(`${stack.url}wagmi.html?namespaces=eip155&config=none`))
      expect(strictPolicyProblems(wagmi, { frames: [stack.embedded!.frameUrl] })).toEqual([])
      const console = await policyOf(await page.goto(`${stack.airlock.url}/console`))
      expect(strictPolicyProblems(console, { frames: [stack.embedded!.frameUrl] })).toEqual([])
      expect(problems).toEqual([])
    },
    idleMs(90_000),
  )

  it(
    "refuses a hostile script's inline script, eval, inline style, unlisted connection and foreign frame, and the guard records each",
    async () => {
      const page = await newPage()
      await page.goto(`${stack.url}?namespaces=eip155`)
      await page.getByText('Airlock is running').waitFor()
      const outcome = await page.evaluate(async () => {
        const ran = { inline: false, eval: 'not tried', style: '', attribute: '', fetch: 'not tried' }
        const script = document.createElement('script')
        script.textContent = 'window.__inlineRan = true'
        document.body.append(script)
        ran.inline = (window as unknown as { __inlineRan?: boolean }).__inlineRan === true
        // Code from a string, as a page script would make it (page.evaluate itself runs as the
        // DevTools' code, which the policy does not govern): a timer given a string.
        ;(window.setTimeout as unknown as (code: string, ms: number) => number)('window.__evalRan = true', 0)
        await new Promise((resolve) => setTimeout(resolve, 200))
        ran.eval = (window as unknown as { __evalRan?: boolean }).__evalRan === true ? 'ran' : 'refused'
        const style = document.createElement('style')
        style.textContent = 'body { outline: 7px solid red }'
        document.head.append(style)
        const probe = document.createElement('div')
        probe.setAttribute('style', 'outline: 7px solid red')
        document.body.append(probe)
        ran.style = getComputedStyle(document.body).outlineStyle
        ran.attribute = getComputedStyle(probe).outlineStyle
        // A service the page was not configured with: a port on this machine the policy does not list.
        ran.fetch = await fetch('http://127.0.0.1:9/steal', { method: 'POST', body: 'keys' }).then(
          () => 'sent',
          (error: Error) => error.name,
        )
        const frame = document.createElement('iframe')
        frame.src = 'http://127.0.0.1:9/phish'
        document.body.append(frame)
        await new Promise((resolve) => setTimeout(resolve, 500))
        return ran
      })
      expect(outcome).toEqual({ inline: false, eval: 'refused', style: 'none', attribute: 'none', fetch: 'TypeError' })
      // Each refusal reached the guard: the browser's report of it, by directive.
      const directives = ['script-src-elem', 'script-src', 'style-src-elem', 'style-src-attr', 'connect-src', 'frame-src']
      const recorded: string[] = []
      const reported = () => {
        recorded.push(...takeCspProblems())
        return directives.filter((d) => !recorded.some((p) => new RegExp(`^securitypolicyviolation in [^\\n]*: ${d} refused`).test(p)))
      }
      await expect.poll(reported, { timeout: idleMs(10_000) }).toEqual([])
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )

  it(
    'records a page served without a policy',
    async () => {
      const bare: Server = createServer((_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bare</title>'),
      )
      await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
      try {
        const address = bare.address()
        const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`
        const page = await newPage()
        await page.goto(url)
        await expect
          .poll(() => takeCspProblems(), { timeout: idleMs(10_000) })
          .toEqual([`document ${url} is served without a strict CSP: no Content-Security-Policy header`])
      } finally {
        bare.closeAllConnections()
        await new Promise((resolve) => bare.close(resolve))
      }
    },
    idleMs(60_000),
  )
})
