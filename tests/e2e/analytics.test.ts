/**
 * Analytics the site owns, in real Chromium against airlock-server (issue 24 §3): a page with the
 * `analytics` option opens the modal, connects the Demo Wallet and closes it; when the visitor
 * leaves, the batch goes by sendBeacon and the server stores it (the connection with its wallet,
 * method and namespace, the account only as the hash of its CAIP-10 id and the project id), and the
 * per-day summary counts it. A full batch of 20 leaves by fetch without waiting for the page to
 * be hidden. The server runs on an in-memory PGlite; the page is served by the static server, its
 * origin a loopback one (allowed by SPEC §5's defaults).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import * as esbuild from 'esbuild'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAirlockServer, type AirlockServer } from '../../server/app.mjs'
import { loadSettings } from '../../server/settings.mjs'
import { openDatabase, type Database } from '../../server/db/database.mjs'
import { analyticsSummary } from '../../server/analytics/summary.mjs'
import { startAnvil, DEV_ACCOUNT, type Anvil } from '../../services/chain/anvil.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'

const PROJECT = 'shop'
let anvil: Anvil
let db: Database
let server: AirlockServer
let site: Awaited<ReturnType<typeof startStaticServer>>
let browser: BrowserContext
let root = ''
const problems: string[] = []

type Row = {
  type: string
  wallet: string | null
  method: string | null
  namespace: string | null
  was_connected: boolean | null
  address_hash: string | null
  origin: string
}
const rows = () => db.query<Row>('SELECT type, wallet, method, namespace, was_connected, address_hash, origin FROM analytics_events ORDER BY id')

/** Polls until `check` passes (the server stores what the browser sent in its own time). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read()
    if (check(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(await read())}`)
}

async function openSite(): Promise<Page> {
  const page = await browser.newPage()
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await page.goto(site.url)
  await page.waitForFunction(() => document.body.dataset.ready === 'true')
  return page
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'airlock-analytics-page-'))
  const [chain, database] = await Promise.all([
    startAnvil({ chainId: 31337 }),
    openDatabase({}),
    esbuild.build({
      entryPoints: ['tests/e2e/analyticsPage.ts'],
      bundle: true,
      splitting: true,
      format: 'esm',
      target: 'es2022',
      outdir: root,
      logLevel: 'silent',
    }),
  ])
  anvil = chain
  db = database
  const settings = loadSettings({ env: { AIRLOCK_PORT: '0', AIRLOCK_FRAME_PORT: '0', AIRLOCK_SIWX_CHAINS: 'eip155:31337' }, cwd: '/nonexistent' })
  server = await startAirlockServer({ ...settings, chains: [{ chainId: 31337, rpcUrl: anvil.url, name: 'Airlock Local' }] }, { db, log: () => undefined })
  await db.query(`INSERT INTO projects (id, name, allowed_origins, created_at, updated_at) VALUES ($1, 'Shop', '[]', 0, 0)`, [PROJECT])
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><title>Shop</title><script type="module" src="./analyticsPage.js"></script><body></body></html>',
  )
  site = await startStaticServer({
    root,
    connect: [server.url, anvil.url],
    json: { '/env.json': { serverUrl: server.url, projectId: PROJECT, chainId: 31337, rpcUrl: anvil.url } },
  })
  browser = await launchChromium()
  // Nothing leaves the machine.
  await browser.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
}, idleMs(120_000))

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await server?.stop()
  await db?.close()
  await anvil?.stop()
  if (root !== '') rmSync(root, { recursive: true, force: true })
})

describe('analytics the site owns (Chromium)', () => {
  it('stores the visitor’s open, connection and close, sent when the visitor leaves the page; the summary counts them', async () => {
    await db.query('DELETE FROM analytics_events')
    const page = await openSite()
    await page.evaluate(async () => {
      await window.airlock.open()
      const wallet = window.airlock.getState().connectors.allConnectors.find((c) => c.name === 'Demo Wallet')
      if (!wallet) throw new Error('The Demo Wallet was not announced')
      await window.airlock.connect(wallet.id)
      window.airlock.close()
    })
    await page.goto('about:blank')
    const stored = await until(rows, (r) => r.some((row) => row.type === 'CONNECT_SUCCESS') && r.some((row) => row.type === 'MODAL_CLOSE'), 'the beacon')
    const hash = createHash('sha256')
      .update(`eip155:31337:${DEV_ACCOUNT.address}`.toLowerCase() + PROJECT)
      .digest('hex')
    expect(stored.find((row) => row.type === 'MODAL_OPEN')).toMatchObject({ was_connected: false, origin: new URL(site.url).origin })
    expect(stored.find((row) => row.type === 'CONNECT_SUCCESS')).toMatchObject({
      wallet: 'Demo Wallet',
      method: 'injected',
      namespace: 'eip155',
      address_hash: hash,
    })
    expect(JSON.stringify(stored).toLowerCase()).not.toContain(DEV_ACCOUNT.address.slice(2).toLowerCase())

    const today = new Date().toISOString().slice(0, 10)
    const summary = await analyticsSummary(db, { projectId: PROJECT, from: today, to: today })
    expect(summary.totals).toMatchObject({ opens: 1, connections: 1, byWallet: { 'Demo Wallet': 1 }, byMethod: { injected: 1 }, byNamespace: { eip155: 1 } })
    expect(summary.funnel).toEqual({ opened: 1, connected: 1 })
    await page.close()
  })

  it('sends a full batch of 20 by fetch while the page stays open, and the rest as a beacon on pagehide', async () => {
    await db.query('DELETE FROM analytics_events')
    const page = await openSite()
    const sent = page.waitForRequest((request) => request.url().startsWith(`${server.url}/v1/analytics/events`) && request.method() === 'POST')
    await page.evaluate(async () => {
      for (let i = 0; i < 10; i++) {
        await window.airlock.open()
        window.airlock.close()
      }
    })
    const request = await sent
    expect([request.resourceType(), request.headers()['content-type']?.toLowerCase()]).toEqual(['fetch', 'text/plain;charset=utf-8'])
    const stored = await until(rows, (r) => r.length >= 20, 'the batch of 20')
    expect(stored.slice(0, 20).map((row) => row.type)).toEqual(Array.from({ length: 10 }, () => ['MODAL_OPEN', 'MODAL_CLOSE']).flat())

    // One more event, then pagehide (as a bfcache navigation fires it): it leaves as a beacon.
    const beacon = page.waitForRequest((r) => r.url().startsWith(`${server.url}/v1/analytics/events`) && r.resourceType() === 'ping')
    await page.evaluate(async () => {
      await window.airlock.open()
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))
    })
    expect((await beacon).method()).toBe('POST')
    await until(rows, (r) => r.length >= 21 && r.at(-1)?.type === 'MODAL_OPEN', 'the beacon')
    expect(problems).toEqual([])
    await page.close()
  })
})
