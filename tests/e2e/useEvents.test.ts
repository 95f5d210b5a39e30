/**
 * `useEvents(listener)` with an inline listener (issue 26 §5) in real Chromium, on a page built
 * from src (tests/e2e/useEventsPage.tsx): re-rendering must not end and start the subscription
 * again (it did, on every render, since the listener was a dependency of the effect), the listener
 * heard is the latest one rendered, and unmounting ends the subscription.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import * as esbuild from 'esbuild'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStaticServer } from '../../services/static/server.mjs'
import { launchLoopbackChromium } from '../support/loopbackChromium'
import { recordProblems } from '../support/pageProblems'
import { idleMs } from '../support/until'

let site: Awaited<ReturnType<typeof startStaticServer>>
let browser: BrowserContext
let root = ''
const problems: string[] = []

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'airlock-use-events-page-'))
  await esbuild.build({
    entryPoints: ['tests/e2e/useEventsPage.tsx'],
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: root,
    logLevel: 'silent',
  })
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>useEvents</title><script type="module" src="./useEventsPage.js"></script></head><body><div id="root"></div></body></html>',
  )
  site = await startStaticServer({ root })
  browser = await launchLoopbackChromium()
}, idleMs(120_000))

afterAll(async () => {
  await browser?.close()
  await site?.close()
  if (root !== '') rmSync(root, { recursive: true, force: true })
})

const counts = (page: Page) => page.evaluate(() => ({ subscribed: window.probe.subscribed, active: window.probe.active, heard: [...window.probe.heard] }))

describe('useEvents(listener) with an inline listener (Chromium)', () => {
  it('subscribes once across re-renders, calls the latest listener, and unsubscribes on unmount', async () => {
    const page = await browser.newPage()
    recordProblems(page, problems)
    await page.goto(site.url)
    await page.waitForFunction(() => document.body.dataset.ready === 'true' && window.probe.subscribed > 0, null, { timeout: idleMs(30_000) })
    expect(await counts(page)).toEqual({ subscribed: 1, active: 1, heard: [] })

    const again = page.getByRole('button', { name: 'Render again' })
    for (const n of [1, 2, 3]) {
      await again.click()
      await page
        .getByLabel('render')
        .filter({ hasText: String(n) })
        .waitFor()
    }
    expect(await counts(page)).toEqual({ subscribed: 1, active: 1, heard: [] })

    // A public event: the listener of the latest render hears it, once; the hook returns it.
    await page.evaluate(() => window.probe.airlock.open())
    await page.getByLabel('last event').filter({ hasText: 'MODAL_OPEN' }).waitFor()
    expect(await counts(page)).toEqual({ subscribed: 1, active: 1, heard: ['3:MODAL_OPEN'] })

    await page.getByRole('button', { name: 'Unmount' }).click()
    await page.getByRole('button', { name: 'Mount' }).waitFor()
    await page.evaluate(() => window.probe.airlock.close())
    expect(await counts(page)).toEqual({ subscribed: 1, active: 0, heard: ['3:MODAL_OPEN'] })
    expect(problems).toEqual([])
    await page.close()
  })
})
