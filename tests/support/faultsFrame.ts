/**
 * A secure frame that does not answer, or answers late (issue 27 §3), made inside the real frame
 * in Chromium: an init script of the context, in the frame's own document (its origin only), puts
 * a message listener in front of the frame's gate that holds the app events of the types asked
 * (`window.__holdTypes`) instead of letting them through. The test later lets each held request
 * through as it came (same data, origin and source), so the frame answers it then: late.
 */
import type { BrowserContext, Frame, Page } from 'playwright-core'

/** Install the hold in every document of `frameOrigin` the context loads; `types` held from the start. */
export async function holdFrameRequests(context: BrowserContext, frameOrigin: string, types: readonly string[]): Promise<void> {
  await context.addInitScript(
    ({ origin, held }) => {
      if (location.origin !== origin) return
      const win = window as unknown as {
        __holdTypes: Set<string>
        __held: { data: { id: string; type: string }; origin: string; source: MessageEventSource | null }[]
      }
      win.__holdTypes = new Set(held)
      win.__held = []
      const released = new WeakSet<object>()
      window.addEventListener(
        'message',
        (event) => {
          const data = event.data as { id?: string; type?: string } | null
          if (!data || typeof data !== 'object' || released.has(data) || !win.__holdTypes.has(String(data.type))) return
          event.stopImmediatePropagation()
          win.__held.push({ data: data as { id: string; type: string }, origin: event.origin, source: event.source })
        },
        true,
      )
      ;(window as unknown as { __release: (id: string) => boolean }).__release = (id) => {
        const index = win.__held.findIndex((h) => h.data.id === id)
        if (index < 0) return false
        const [one] = win.__held.splice(index, 1)
        released.add(one!.data)
        window.dispatchEvent(new MessageEvent('message', { data: one!.data, origin: one!.origin, source: one!.source }))
        return true
      }
    },
    { origin: new URL(frameOrigin).origin, held: [...types] },
  )
}

/** The secure frame's document in `page`. */
export function frameOf(page: Page, frameOrigin: string): Frame {
  const origin = new URL(frameOrigin).origin
  const frame = page.frames().find((f) => f.url().startsWith(origin))
  if (!frame) throw new Error('the secure frame is not on the page')
  return frame
}

/** The ids and types of the requests the frame holds, oldest first. */
export function heldRequests(page: Page, frameOrigin: string): Promise<{ id: string; type: string }[]> {
  return frameOf(page, frameOrigin).evaluate(() =>
    (window as unknown as { __held: { data: { id: string; type: string } }[] }).__held.map((h) => ({ id: h.data.id, type: h.data.type })),
  )
}

/** Lets one held request through to the frame, which answers it now. */
export async function releaseHeld(page: Page, frameOrigin: string, id: string): Promise<void> {
  const done = await frameOf(page, frameOrigin).evaluate((which) => (window as unknown as { __release: (id: string) => boolean }).__release(which), id)
  if (!done) throw new Error(`no request ${id} held`)
}
