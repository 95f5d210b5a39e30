/**
 * The example plugin from the packed package (issue 11 §6). The package is built and packed, and
 * installed into a fresh site beside the site's own React; the plugin's source is copied in, so
 * `'airlock'`, `'airlock/react'` and `'airlock/plugin'` can only resolve to the installed package. The site's own
 * `tsc` type-checks the plugin and the page against the package's declarations; esbuild bundles
 * the page; the strict-CSP static server serves it beside anvil, the config service and the relay.
 * Then in Chromium: connect the Demo Wallet, press the plugin's Account action, press Sign, see
 * the verified signature and the public event, reload and find the stored signature, in German.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Metafile } from 'esbuild'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { verifyMessage, type Hex } from 'viem'
import type { PublicEvent } from '../../src/index'
import { startDemoStack } from '../../services/demoStack.mjs'
import { DEV_ACCOUNT } from '../../services/chain/anvil.mjs'
import { printed, root, run, stageAndPack } from '../package/stage'
import { bundlePage, installedCopies, prepareConsumerSite } from '../support/consumerSite'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { EXAMPLE_PLUGIN_SITE } from './exampleApp'
import { axeViolations } from './axe'
import { idleMs } from '../support/until'

declare global {
  interface Window {
    /** Every public event since the site's page loaded (its page keeps them). */
    publicEvents: PublicEvent[]
  }
}

const app = join(root, '.cache', 'example-plugin-app')
const STORED_KEY = '@airlock/signMessage/lastSignature'

let stage = ''
let bundle: Metafile
let stack: Awaited<ReturnType<typeof startDemoStack>> | undefined
let context: BrowserContext | undefined
const problems: string[] = []

beforeAll(async () => {
  stage = mkdtempSync(join(tmpdir(), 'airlock-example-pack-'))
  const { tarball } = await stageAndPack(stage)
  prepareConsumerSite(app, tarball, EXAMPLE_PLUGIN_SITE)
  bundle = await bundlePage(app, { entry: 'src/page.ts' })
  stack = await startDemoStack({ root: join(app, 'www'), accountServices: false })
}, idleMs(360_000))

afterAll(async () => {
  await context?.close()
  await stack?.stop()
  if (stage) rmSync(stage, { recursive: true, force: true })
})

describe('the example plugin in a site built from the packed package', () => {
  it('installs beside the site\'s own React, one copy of each, and the page bundles "airlock" from node_modules', () => {
    expect(installedCopies(app, 'react')).toEqual(['node_modules/react'])
    expect(installedCopies(app, 'react-dom')).toEqual(['node_modules/react-dom'])
    const inputs = Object.keys(bundle.inputs)
    expect(inputs).toContain('node_modules/airlock/dist/lib/index.js')
    expect(inputs).toContain('node_modules/airlock/dist/lib/react.js')
    expect(inputs).toContain('src/sign-message-plugin/views/SignMessageView.tsx')
    // Nothing from outside the site: not this repository's sources, not a second React.
    expect(inputs.filter((path) => path.startsWith('..'))).toEqual([])
  })

  it(
    "type-checks the plugin and the page with the site's own tsc against the package's declarations",
    () => {
      const result = run(join(app, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], app)
      expect(result.status, printed(result)).toBe(0)
    },
    idleMs(240_000),
  )

  it(
    'in Chromium: connects the Demo Wallet, signs through the Account action, shows the verified signature and the public event, and keeps it across a reload',
    async () => {
      context = await launchLoopbackChromium()
      const page = context.pages()[0] ?? (await context.newPage())
      watch(page)
      const dialog = page.getByRole('dialog')

      await page.goto(stack!.url)
      await page.getByText('Site ready').waitFor()
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog.getByRole('button', { name: 'Demo Wallet' }).click()
      await page.waitForFunction(() => window.airlock.getState().connection.status === 'connected')

      // Account: the plugin's action, which opens the plugin's view.
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      await dialog.getByRole('button', { name: 'Sign a message' }).click()
      const view = page.getByRole('dialog', { name: 'Sign a message' })
      await view.getByRole('button', { name: 'Sign', exact: true }).click()
      await view.getByText('Signature verified').waitFor()

      const signed = await page.evaluate(() => window.airlock.getState().signMessage?.last)
      expect(signed?.address).toBe(DEV_ACCOUNT.address)
      expect(signed?.caipNetworkId).toBe(`eip155:${stack!.chains[0]!.chainId}`)
      expect(await verifyMessage({ address: DEV_ACCOUNT.address as Hex, message: signed!.message, signature: signed!.signature as Hex })).toBe(true)
      await view.getByText(signed!.address).waitFor()
      await view.getByText(signed!.signature).waitFor()
      mkdirSync('test-results', { recursive: true })
      await page.screenshot({ path: 'test-results/example-plugin-signed.png' })
      expect(await axeViolations(page)).toEqual([])

      // The public event, as a site's analytics sees it.
      const published = await page.evaluate(() => window.publicEvents.filter((e) => e.type === 'EXAMPLE_MESSAGE_SIGNED').map((e) => e.payload))
      expect(published).toEqual([signed])
      expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORED_KEY)) ?? 'null')).toEqual(signed)

      // The next visit, in German: the stored signature is back, checked again, without a wallet request.
      await page.goto(`${stack!.url}?locale=de`)
      await page.getByText('Site ready').waitFor()
      await page.waitForFunction((signature) => window.airlock.getState().signMessage?.last?.signature === signature, signed!.signature)
      await page.evaluate(() => window.airlock.open('SignMessage'))
      const german = page.getByRole('dialog', { name: 'Nachricht signieren' })
      await german.getByText('Signatur geprüft').waitFor()
      await german.getByText(signed!.signature).waitFor()
      expect(await page.evaluate(() => window.publicEvents.map((e) => e.type))).not.toContain('EXAMPLE_MESSAGE_SIGNED')
      expect(problems).toEqual([])
    },
    idleMs(60_000),
  )
})

/** Page errors, console errors (a CSP violation is one) and dialogs are problems. */
function watch(page: Page): void {
  recordProblems(page, problems)
  page.on('dialog', (dialog) => {
    problems.push(`a dialog opened: ${dialog.message()}`)
    void dialog.dismiss()
  })
}
