/**
 * What each document of the secure frame saw, for a failing test's message: the messages it
 * received, its pointer events and clicks (untrusted ones marked) with where the frame sat on the
 * screen, and IntersectionObserver's verdicts, each with its time in that document (ms since its
 * start), and last its status line. Recording changes nothing the frame does: the observer it
 * wraps passes every entry on unchanged.
 *
 * ```ts
 * await traceFrame(context, frameOrigin)
 * // … a request the frame answered with 4001 …
 * throw new Error(`the frame saw ${(await frameTrace(page, frameOrigin)).join(', ')}`)
 * ```
 */
import type { BrowserContext, Page } from 'playwright-core'

/** Records, in every document of `origin` this context loads, what frameTrace reads. */
export async function traceFrame(context: BrowserContext, origin: string): Promise<void> {
  await context.addInitScript((frameOrigin) => {
    if (location.origin !== frameOrigin) return
    const trace: string[] = []
    ;(window as unknown as { __frameTrace: string[] }).__frameTrace = trace
    const at = () => Math.round(performance.now())
    window.addEventListener(
      'message',
      (event) => {
        const data = event.data as { type?: unknown } | null
        if (data && typeof data === 'object') trace.push(`${String(data.type)}@${at()}`)
      },
      true,
    )
    // Pointer events: where (client coordinates) and where the frame sat on the screen (screen − client).
    for (const type of ['pointerover', 'pointerdown', 'click']) {
      window.addEventListener(
        type,
        (event) => {
          const e = event as MouseEvent
          const button = (e.target as Element | null)?.closest?.('button')
          const what = button ? `${button.textContent ?? ''}${button.disabled ? ' (disabled)' : ''}` : String((e.target as Element | null)?.nodeName)
          const where = `${Math.round(e.clientX)},${Math.round(e.clientY)} frame at ${e.screenX - e.clientX},${e.screenY - e.clientY}`
          trace.push(`${type}:${what}${e.isTrusted ? '' : ' (untrusted)'}@${at()} (${where})`)
        },
        true,
      )
    }
    // What IntersectionObserver v2 told the frame: each change of its visibility.
    const Native = window.IntersectionObserver
    if (Native) {
      window.IntersectionObserver = class extends Native {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          super((entries, observer) => {
            for (const entry of entries) {
              const visible = (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible
              trace.push(
                `observed:${entry.isIntersecting ? 'in' : 'out'} ${entry.intersectionRatio.toFixed(2)}${visible === undefined ? '' : visible ? ' visible' : ' hidden'}@${at()}`,
              )
            }
            callback(entries, observer)
          }, options)
        }
      }
    }
  }, origin)
}

/** What the page's current frame document of `origin` recorded (traceFrame). */
export async function frameTrace(page: Page, origin: string): Promise<string[]> {
  const frame = page.frames().find((one) => one.url().startsWith(origin))
  if (!frame) return ['(no frame)']
  return frame
    .evaluate(() => {
      const trace = (window as unknown as { __frameTrace?: string[] }).__frameTrace ?? []
      const status = document.querySelector('[role="alert"]')?.textContent
      return status ? [...trace, `status: ${status}`] : trace
    })
    .catch(() => ['(not readable)'])
}
