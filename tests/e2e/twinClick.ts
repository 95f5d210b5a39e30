/**
 * A click's twin on the secure frame's Approve, pressed the moment the frame shows the next
 * request: the race of attack.test's "two requests race for one click". The frame's guard counts
 * a click only once the request has been on screen for its arming delay (ARM_DELAY_MS), so the
 * twin proves something only when it lands inside that delay, and a test cannot promise that from
 * outside on a busy machine. So the frame's own document says when: a MutationObserver in it sees
 * the request's title and calls the test at once (a binding), which presses the mouse where the
 * pointer already rests; the frame notes both times on its own clock.
 *
 * ```ts
 * await prepareTwin(context, frameOrigin)        // before the page loads
 * const { pressed } = await armTwin(page, frameOrigin, 'Send a transaction')
 * await approveInFrame(page, ['first'], { once: true })
 * const { gapMs } = await pressed                 // pressed this long after the request showed
 * ```
 */
import type { BrowserContext, Page } from 'playwright-core'
import { idleMs } from '../support/until'

interface TwinWindow {
  /** The title to wait for; cleared when seen. */
  __twinFor?: string
  /** When the title appeared and when the next trusted pointerdown came (performance.now()). */
  __twinShownAt?: number
  __twinPressedAt?: number
  /** The test's binding (prepareTwin). */
  __airlockTwin?: () => Promise<void>
}

/** Installs the frame's side in every document of `origin` and the test's binding, before the page loads. */
export async function prepareTwin(context: BrowserContext, origin: string): Promise<void> {
  await context.addInitScript((frameOrigin) => {
    if (location.origin !== frameOrigin) return
    const win = window as unknown as TwinWindow
    new MutationObserver(() => {
      const wanted = win.__twinFor
      if (wanted === undefined || document.querySelector('main[role="dialog"] h2')?.textContent !== wanted) return
      win.__twinFor = undefined
      win.__twinShownAt = performance.now()
      void win.__airlockTwin?.()
    }).observe(document, { subtree: true, childList: true, characterData: true })
    window.addEventListener(
      'pointerdown',
      (event) => {
        if (event.isTrusted && win.__twinShownAt !== undefined && win.__twinPressedAt === undefined) win.__twinPressedAt = performance.now()
      },
      true,
    )
  }, origin)
}

/** Each page's binding, exposed once: what its next call presses. */
const pressers = new WeakMap<Page, { next: (() => void) | null }>()

/**
 * Arms the twin: once the frame's view shows `title`, the mouse is pressed and released where it
 * is. Returns when armed; `pressed` resolves with how long after the title the press reached the
 * frame, on the frame's clock.
 */
export async function armTwin(page: Page, origin: string, title: string): Promise<{ pressed: Promise<{ gapMs: number }> }> {
  const frame = page.frames().find((one) => one.url().startsWith(origin))
  if (!frame) throw new Error('armTwin: the page has no secure frame')
  let presser = pressers.get(page)
  if (!presser) {
    const holder: { next: (() => void) | null } = { next: null }
    presser = holder
    pressers.set(page, holder)
    await page.exposeBinding('__airlockTwin', async () => {
      await page.mouse.down()
      await page.mouse.up()
      const done = holder.next
      holder.next = null
      done?.()
    })
  }
  const press = new Promise<void>((resolve) => (presser.next = resolve))
  await frame.evaluate((wanted) => {
    const win = window as unknown as TwinWindow
    win.__twinShownAt = undefined
    win.__twinPressedAt = undefined
    win.__twinFor = wanted
  }, title)
  const pressed = (async () => {
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      press,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`armTwin: the frame never showed ${title}`)), idleMs(30_000)))),
    ]).finally(() => clearTimeout(timer))
    // The press's time on the frame's clock; without a pointerdown seen, the moment after it (an upper bound).
    const { shownAt, pressedAt } = await frame.evaluate(() => {
      const win = window as unknown as TwinWindow
      return { shownAt: win.__twinShownAt!, pressedAt: win.__twinPressedAt ?? performance.now() }
    })
    return { gapMs: pressedAt - shownAt }
  })()
  return { pressed }
}
