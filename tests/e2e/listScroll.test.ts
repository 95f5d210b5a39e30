/**
 * Scrolling a long list loads no icon for the rows that only fly past (issue 27 §1), in real
 * Chromium under the demo's strict CSP, on All wallets over a 700-entry catalog from the local
 * config service: the icons of the rows that came into view during a fast scroll are not
 * requested while it lasts (each was a request, and for an SVG a whole document, on the main
 * thread), the rows take no pointer meanwhile, and once the scroll settles every row in view shows
 * its icon. Before, every row that came into view requested its icon at once. The rows fit the step
 * the virtualiser places them at, with the modal's usual gap between them. A visitor's wheel scroll
 * (on the compositor) whose scroll events reach the page more than 150 ms apart still counts as one
 * scroll until it has ended (src/ui/react/observeListScroll.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext } from 'playwright-core'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startStaticServer } from '../../services/static/server.mjs'
import { startConfigService } from '../../services/config/server.mjs'
import { WALLETS, syntheticWallets } from '../../services/config/catalog.mjs'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'

let browser: BrowserContext
let config: Awaited<ReturnType<typeof startConfigService>>
let server: Awaited<ReturnType<typeof startStaticServer>>
const problems: string[] = []

beforeAll(async () => {
  await ensureBuilt()
  config = await startConfigService({ wallets: [...WALLETS, ...syntheticWallets(700 - WALLETS.length)] })
  const origin = new URL(config.url).origin
  server = await startStaticServer({ root: 'demo', connect: [origin], img: [origin], json: { '/env.json': { configUrl: config.url } } })
  browser = await launchChromium()
}, idleMs(120_000))

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await config?.close()
})

describe('All wallets, 700 entries, scrolled fast', () => {
  it(
    'requests no icon for the rows that fly past; every row in view shows its icon once the scroll settles',
    async () => {
      const page = await browser.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      const icons: string[] = []
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname.startsWith('/getWalletImage/')) icons.push(url.pathname)
      })
      await page.goto(`${server.url}?namespaces=eip155&app=none`)
      await page.getByText('Airlock is running').waitFor()
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: /All wallets/ }).click()
      const list = dialog.getByRole('list', { name: 'All wallets' })
      await list.getByRole('button').first().waitFor()
      // The whole catalog loaded (pages of 40 as the list nears its end), then back to the top, settled.
      await page.waitForFunction(
        () => {
          const scroller = document.querySelector('airlock-modal')?.shadowRoot?.querySelector('.scroller')
          if (scroller) scroller.scrollTop = scroller.scrollHeight
          return window.airlock.getState().walletCatalog.filteredWallets.length >= 690
        },
        null,
        { polling: 200, timeout: idleMs(60_000) },
      )
      await page.evaluate(() => (document.querySelector('airlock-modal')!.shadowRoot!.querySelector('.scroller')!.scrollTop = 0))
      // Settled: the virtualiser calls a scroll over 150 ms after its last event.
      await page.waitForTimeout(500)
      await page.waitForLoadState('networkidle')
      const before = icons.length

      // A fast scroll: every frame moves the list 2,400 px/s further for 3 s; the rows it passes, and
      // whether the list said it was scrolling (no pointer on its rows) in each frame.
      const scroll = await page.evaluate(
        () =>
          new Promise<{ rows: number; frames: number; scrollingFrames: number; pointerNone: number }>((resolve) => {
            const root = document.querySelector('airlock-modal')!.shadowRoot!
            const scroller = root.querySelector<HTMLElement>('.scroller')!
            const names = new Set<string>()
            let start: number | undefined
            let frames = 0
            let scrollingFrames = 0
            let pointerNone = 0
            const tick = (now: number) => {
              start ??= now
              frames++
              for (const li of root.querySelectorAll('.scroller li')) names.add(li.textContent ?? '')
              const list = root.querySelector('.scroller ul')!
              if (list.getAttribute('data-scrolling') === 'true') scrollingFrames++
              const row = root.querySelector('.scroller li')
              if (row && getComputedStyle(row).pointerEvents === 'none') pointerNone++
              scroller.scrollTop = ((now - start) * 2400) / 1000
              if (now - start < 3000) requestAnimationFrame(tick)
              else resolve({ rows: names.size, frames, scrollingFrames, pointerNone })
            }
            requestAnimationFrame(tick)
          }),
      )
      const during = icons.length - before
      // The list passed over a hundred rows; icons were asked for only where the scroll paused (a
      // frame over 150 ms on a busy machine settles it): far fewer than the rows it passed. Before,
      // one request per row that came into view.
      expect(scroll.rows).toBeGreaterThan(100)
      expect(during).toBeLessThan(scroll.rows / 4)
      // The list said it was scrolling, its rows taking no pointer, in most frames.
      expect(scroll.scrollingFrames).toBeGreaterThan(scroll.frames / 2)
      expect(scroll.pointerNone).toBeGreaterThan(scroll.frames / 2)

      // Settled: every row in view shows its icon (an <img>, not the initials), and takes the pointer again.
      await page.waitForTimeout(500)
      await page.waitForFunction(
        () => {
          const root = document.querySelector('airlock-modal')!.shadowRoot!
          const scroller = root.querySelector('.scroller')!.getBoundingClientRect()
          const inView = [...root.querySelectorAll('.scroller li')].filter((li) => {
            const box = li.getBoundingClientRect()
            return box.bottom > scroller.top && box.top < scroller.bottom
          })
          return inView.length > 3 && inView.every((li) => li.querySelector<HTMLImageElement>('img.wallet-image')?.complete === true)
        },
        null,
        { timeout: idleMs(10_000) },
      )
      expect(
        await list
          .getByRole('button')
          .first()
          .evaluate((button) => getComputedStyle(button.closest('li')!).pointerEvents),
      ).toBe('auto')

      // The virtualiser places rows at a fixed step without measuring them (src/ui/views/AllWalletsView.tsx
      // ROW_HEIGHT, 58 px): every row is as tall as the step less the 6 px between rows of the modal's
      // other lists (.list's gap), so none overlaps the next and the gaps are even.
      const rows = await page.evaluate(() =>
        [...document.querySelector('airlock-modal')!.shadowRoot!.querySelectorAll('.scroller li')]
          .map((li) => li.getBoundingClientRect())
          .sort((a, b) => a.top - b.top)
          .map((box) => ({ top: box.top, height: box.height })),
      )
      expect(rows.length).toBeGreaterThan(3)
      expect(new Set(rows.slice(1).map((row, i) => Math.round(row.top - rows[i]!.top)))).toEqual(new Set([58]))
      expect(new Set(rows.map((row) => Math.round(row.height)))).toEqual(new Set([58 - 6]))
      expect(problems).toEqual([])
      await page.close()
    },
    idleMs(120_000),
  )
  it(
    'a wheel scroll whose scroll events come more than 150 ms apart counts as scrolling until it has ended (observeListScroll)',
    async () => {
      const page = await browser.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await page.goto(`${server.url}?namespaces=eip155&app=none`)
      await page.getByText('Airlock is running').waitFor()
      await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: /All wallets/ }).click()
      await dialog.getByRole('list', { name: 'All wallets' }).getByRole('button').first().waitFor()
      await page.waitForTimeout(500)
      // The list's data-scrolling (the virtualiser's isScrolling, which holds back the rows' new
      // icons) as it changes, and the page's scroll events, on the page's clock.
      const box = await page.evaluate(() => {
        const root = document.querySelector('airlock-modal')!.shadowRoot!
        const scroller = root.querySelector<HTMLElement>('.scroller')!
        const list = scroller.querySelector('ul')!
        const seen = { changes: [] as [number, string | null][], scrolls: [] as number[] }
        ;(window as unknown as { seen: typeof seen }).seen = seen
        new MutationObserver(() => seen.changes.push([performance.now(), list.getAttribute('data-scrolling')])).observe(list, {
          attributes: true,
          attributeFilter: ['data-scrolling'],
        })
        scroller.addEventListener('scroll', () => seen.scrolls.push(performance.now()))
        const rect = scroller.getBoundingClientRect()
        return { x: Math.round(rect.x + rect.width / 2), y: Math.round(rect.y + rect.height / 2) }
      })
      // A slow wheel scroll, 12 px at 5 px/s: the list moves a pixel about every 200 ms, and the page
      // hears a scroll event only when it moved (as a fast scroll on a page whose frames come slowly).
      const cdp = await browser.newCDPSession(page)
      await cdp.send('Input.synthesizeScrollGesture', { x: box.x, y: box.y, yDistance: -12, speed: 5, gestureSourceType: 'mouse', preventFling: true })
      const ended = await page.evaluate(() => performance.now())
      await page.waitForFunction(
        () => document.querySelector('airlock-modal')!.shadowRoot!.querySelector('.scroller ul')!.getAttribute('data-scrolling') === 'false',
      )
      const { changes, scrolls } = await page.evaluate(() => (window as unknown as { seen: { changes: [number, string | null][]; scrolls: number[] } }).seen)
      // The scroll events came more than 150 ms apart (the virtualiser's own timer called the
      // scroll over after each: true, false, true, false…).
      const gaps = scrolls.slice(1).map((at, i) => at - scrolls[i]!)
      expect(scrolls.length).toBeGreaterThan(5)
      expect(Math.max(...gaps)).toBeGreaterThan(150)
      // One scroll: scrolling from the first event, over only once the gesture had ended.
      expect(changes.map(([, value]) => value)).toEqual(['true', 'false'])
      // Over after the gesture's last scroll event, on the page's clock (the test's own reading of the
      // end, \`ended\`, comes a round trip late, more than 50 ms on a loaded machine), and not long
      // before the gesture's call returned.
      expect(changes[1]![0]).toBeGreaterThanOrEqual(scrolls.at(-1)!)
      expect(changes[1]![0]).toBeGreaterThanOrEqual(ended - 1_000)
      expect(problems).toEqual([])
      await page.close()
    },
    idleMs(60_000),
  )
})
