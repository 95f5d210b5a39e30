// What the memory benches (run.mjs, heldAfterOpen.mjs, snapshotDiff.mjs) share: Chromium started
// as they measure it (without Playwright in the page's heap), waiting in the page, the first open,
// the heap after a GC and a heap snapshot.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/ensure-chromium.mjs'
import { launchCdpBrowser } from './cdp.mjs'

/** How the benches drive Chromium: `cdp` (the default, its DevTools protocol alone) or `playwright` (its realm in the page's heap). */
export const DRIVER = process.env.DRIVER ?? 'cdp'

/**
 * Debian Chromium with `--js-flags=--expose-gc` (window.gc()), a fresh profile, every non-loopback
 * request failing. With `isolateFrame` (the default; ISOLATE_FRAME=0 turns it off) the secure frame
 * runs in a process of its own, as in production, where it is another site than the page: here
 * both are 127.0.0.1 on two ports, one site, so Chromium would give them one renderer and one heap;
 * StrictOriginIsolation (each origin its own process) separates them as the two sites would be.
 * Driven over CDP alone (cdp.mjs) unless DRIVER=playwright: Playwright's own realm in every frame
 * would be counted as the page's heap.
 */
export async function launchMemoryBrowser({ isolateFrame = process.env.ISOLATE_FRAME !== '0', driver = DRIVER } = {}) {
  const flags = ['--js-flags=--expose-gc', ...(isolateFrame ? ['--enable-features=StrictOriginIsolation'] : [])]
  if (driver === 'cdp') return launchCdpBrowser(flags)
  const profile = mkdtempSync(join(tmpdir(), 'airlock-bench-memory-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      '--js-flags=--expose-gc',
      // Playwright's own features kept: the last --enable-features is the one Chromium reads.
      ...(isolateFrame ? ['--enable-features=StrictOriginIsolation,CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies'] : []),
    ],
  })
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const page = context.pages()[0] ?? (await context.newPage())
  const cdp = await context.newCDPSession(page)
  return {
    page,
    cdp,
    frameHeaps: async () => {
      const heaps = []
      for (const frame of page.frames().filter((f) => f !== page.mainFrame() && f.url().startsWith('http'))) {
        // A frame in the page's process has no CDP target of its own (its heap is the page's).
        const session = await context.newCDPSession(frame).catch(() => undefined)
        if (!session) continue
        heaps.push({ url: frame.url(), usedSize: (await session.send('Runtime.getHeapUsage')).usedSize })
        await session.detach().catch(() => undefined)
      }
      return heaps
    },
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/**
 * Waits, in the page, for `predicate` (a function of no arguments, run each frame) to hold. Not
 * Playwright's locators or waitForFunction: those load its injected script into the page, 0.8 MiB
 * of heap every figure would count as the page's.
 */
export const until = (page, predicate, timeoutMs = 120_000) =>
  // An expression (CDP's evaluate, which the page's CSP does not govern), the predicate's source in it.
  page.evaluate(`new Promise((resolve, reject) => {
    const holds = ${predicate.toString()}
    const started = Date.now()
    const check = () => (holds() ? resolve() : Date.now() - started > ${timeoutMs} ? reject(new Error('not within ${timeoutMs} ms')) : requestAnimationFrame(check))
    check()
  })`)

/** The demo page (every feature on, `?app=none`) loaded and its instance ready. */
export async function loadDemo(page, url, timeoutMs = 120_000) {
  await page.goto(`${url}?app=none`, { waitUntil: 'networkidle', timeout: Math.max(timeoutMs, 30_000) })
  await until(page, () => document.body.textContent.includes('Airlock is running'), timeoutMs)
  await page.evaluate(() => window.airlock.ready())
}

/**
 * The modal's first open as the heap figures take it: the dialog shown with the Demo Wallet in
 * Connect, what the open loads (plugins, the catalog) settled, the network idle (a loaded machine
 * can keep a poll going past 60 s: then on), 500 ms.
 */
export async function firstOpen(page, { timeoutMs = 120_000, log = console.log } = {}) {
  await page.evaluate(async () => {
    await window.airlock.open()
    await window.airlock.ready()
  })
  await until(
    page,
    () =>
      [...(document.querySelector('airlock-modal')?.shadowRoot?.querySelectorAll('[role="dialog"] button') ?? [])].some(
        (b) => b.textContent.includes('Demo Wallet') && b.checkVisibility({ visibilityProperty: true }),
      ),
    timeoutMs,
  )
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => log('the network did not idle within 60 s'))
  await page.waitForTimeout(500)
}

/** The demo page's own list of the instance's events (bounded at 200 entries) emptied, so the figures are the modal's. */
export const clearDemoEvents = (page) => page.evaluate(() => document.getElementById('clear-events')?.click())

/** Major GCs until the heap stops shrinking (window.gc, from --expose-gc), then the heap's used bytes. */
export async function heapAfterGc(page, cdp) {
  await clearDemoEvents(page)
  let used = Infinity
  for (let i = 0; i < 6; i++) {
    await page.evaluate(() => window.gc())
    const now = (await cdp.send('Runtime.getHeapUsage')).usedSize
    if (now >= used - 1024) return Math.min(used, now)
    used = now
  }
  return used
}

/** A V8 heap snapshot of the page (CDP HeapProfiler), parsed. */
export async function takeSnapshot(cdp) {
  const chunks = []
  const on = (e) => chunks.push(e.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', on)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', on)
  return JSON.parse(chunks.join(''))
}

/** `n` open/close cycles in the page: open, the dialog's first frame, close, the dialog gone (or hidden). */
export const openCloseCycles = (page, n) =>
  page.evaluate(async (n) => {
    // Shown: a modal mounted closed at idle keeps its dialog in the DOM, hidden (visibility).
    const shown = () =>
      document.querySelector('airlock-modal')?.shadowRoot?.querySelector('[role="dialog"]')?.checkVisibility({ visibilityProperty: true }) === true
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()))
    const until = async (ok) => {
      const started = Date.now()
      while (!ok()) {
        if (Date.now() - started > 60_000) throw new Error('the modal did not open or close within 60 s')
        await frame()
      }
    }
    for (let i = 0; i < n; i++) {
      await window.airlock.open()
      await until(shown)
      await frame()
      window.airlock.close()
      await until(() => !window.airlock.getState().router.open && !shown())
    }
  }, n)

/** `n` connect/disconnect cycles through the modal: open, click the Demo Wallet, connected and closed; disconnect. */
export const connectCycles = (page, n) =>
  page.evaluate(async (n) => {
    const root = () => document.querySelector('airlock-modal')?.shadowRoot
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()))
    // A time limit, not a count of frames: on a loaded machine a connect's round trips through the
    // demo stack's services can take many seconds of frames.
    const until = async (ok, what) => {
      const started = Date.now()
      while (!ok()) {
        if (Date.now() - started > 120_000) throw new Error(`${what}: not within 120 s`)
        await frame()
      }
    }
    const shown = () => root()?.querySelector('[role="dialog"]')?.checkVisibility({ visibilityProperty: true }) === true
    const wallet = () =>
      shown() ? [...(root()?.querySelectorAll('[role="dialog"] button') ?? [])].find((b) => b.textContent?.includes('Demo Wallet')) : undefined
    const connected = () => window.airlock.getState().connection.connectedNamespaces.length > 0
    for (let i = 0; i < n; i++) {
      await window.airlock.open()
      await until(() => wallet() !== undefined, 'the Demo Wallet in Connect')
      wallet().click()
      await until(() => connected() && !window.airlock.getState().router.open && !shown(), 'connected and closed')
      await window.airlock.disconnect()
      await until(() => !connected(), 'disconnected')
    }
  }, n)
