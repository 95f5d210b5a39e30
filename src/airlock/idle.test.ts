import { describe, expect, it } from 'vitest'
import { afterPaint, IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, PAINT_FALLBACK_MS, paints, whenIdle } from './idle'

/** A window whose load event, idle periods, frames and timers the test runs by hand. */
function fakeWindow(options: { readyState?: DocumentReadyState; idle?: boolean; frames?: boolean } = {}) {
  let now = 0
  let nextId = 1
  const timers = new Map<number, { at: number; run: () => void }>()
  const idles = new Map<number, { run: () => void; timeout: number | undefined }>()
  const frames = new Map<number, () => void>()
  const loads = new Set<() => void>()
  const document = { readyState: options.readyState ?? 'complete' }
  const win = {
    document,
    addEventListener: (type: string, listener: () => void) => type === 'load' && loads.add(listener),
    removeEventListener: (type: string, listener: () => void) => type === 'load' && loads.delete(listener),
    setTimeout: (run: () => void, ms = 0) => (timers.set(nextId, { at: now + ms, run }), nextId++),
    clearTimeout: (id: number) => void timers.delete(id),
    ...(options.idle === false
      ? {}
      : {
          requestIdleCallback: (run: () => void, opts?: { timeout?: number }) => (idles.set(nextId, { run, timeout: opts?.timeout }), nextId++),
          cancelIdleCallback: (id: number) => void idles.delete(id),
        }),
    ...(options.frames === false
      ? {}
      : {
          requestAnimationFrame: (run: () => void) => (frames.set(nextId, run), nextId++),
          cancelAnimationFrame: (id: number) => void frames.delete(id),
        }),
  }
  return {
    win: win as unknown as Window,
    load() {
      document.readyState = 'complete'
      for (const listener of [...loads]) listener()
      loads.clear()
    },
    idle() {
      for (const [id, { run }] of [...idles]) {
        idles.delete(id)
        run()
      }
    },
    idleTimeouts: () => [...idles.values()].map((i) => i.timeout),
    frame() {
      for (const [id, run] of [...frames]) {
        frames.delete(id)
        run()
      }
    },
    advance(ms: number) {
      now += ms
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now || !timers.has(id)) continue
        timers.delete(id)
        timer.run()
      }
    },
    pending: () => ({ timers: timers.size, idles: idles.size, frames: frames.size, loads: loads.size }),
  }
}

describe('whenIdle', () => {
  it('waits for the load event, then for an idle period (with a time-out, so a busy page still gets there)', () => {
    const page = fakeWindow({ readyState: 'loading' })
    let runs = 0
    whenIdle(page.win, () => runs++)
    page.idle()
    expect(runs).toBe(0)
    page.load()
    expect(runs).toBe(0)
    expect(page.idleTimeouts()).toEqual([IDLE_TIMEOUT_MS])
    page.idle()
    expect(runs).toBe(1)
    page.idle()
    expect(runs).toBe(1)
  })

  it('on a page already loaded, asks for the next idle period at once', () => {
    const page = fakeWindow()
    let runs = 0
    whenIdle(page.win, () => runs++)
    page.idle()
    expect(runs).toBe(1)
  })

  it('without requestIdleCallback, runs a short wait after the load event', () => {
    const page = fakeWindow({ readyState: 'interactive', idle: false })
    let runs = 0
    whenIdle(page.win, () => runs++)
    page.advance(IDLE_FALLBACK_MS * 10)
    expect(runs).toBe(0)
    page.load()
    page.advance(IDLE_FALLBACK_MS - 1)
    expect(runs).toBe(0)
    page.advance(1)
    expect(runs).toBe(1)
  })

  it('cancelled, never runs: before the load event and while waiting for idle', () => {
    const before = fakeWindow({ readyState: 'loading' })
    let runs = 0
    whenIdle(before.win, () => runs++)()
    before.load()
    before.idle()
    expect(before.pending()).toEqual({ timers: 0, idles: 0, frames: 0, loads: 0 })
    const waiting = fakeWindow()
    whenIdle(waiting.win, () => runs++)()
    waiting.idle()
    expect(runs).toBe(0)
  })
})

describe('afterPaint', () => {
  it('runs in a task after the next animation frame, once', () => {
    const page = fakeWindow()
    let runs = 0
    afterPaint(page.win, () => runs++)
    page.advance(0)
    expect(runs).toBe(0)
    page.frame()
    expect(runs).toBe(0)
    page.advance(0)
    expect(runs).toBe(1)
    page.advance(PAINT_FALLBACK_MS)
    expect(runs).toBe(1)
    expect(page.pending()).toEqual({ timers: 0, idles: 0, frames: 0, loads: 0 })
  })

  it('a page that paints no frame (hidden) runs it after PAINT_FALLBACK_MS', () => {
    const page = fakeWindow()
    let runs = 0
    afterPaint(page.win, () => runs++)
    page.advance(PAINT_FALLBACK_MS - 1)
    expect(runs).toBe(0)
    page.advance(1)
    expect(runs).toBe(1)
    page.frame()
    page.advance(0)
    expect(runs).toBe(1)
  })

  it('cancelled, never runs', () => {
    const page = fakeWindow()
    let runs = 0
    afterPaint(page.win, () => runs++)()
    page.frame()
    page.advance(PAINT_FALLBACK_MS)
    expect(runs).toBe(0)
  })
})

describe('paints', () => {
  it("is true of a window with a document, timers and frames; false of none, and of a test's window of a few parts", () => {
    expect(paints(fakeWindow().win)).toBe(true)
    expect(paints(fakeWindow({ frames: false }).win)).toBe(false)
    expect(paints(undefined)).toBe(false)
    expect(paints({ addEventListener() {}, dispatchEvent: () => true } as unknown as Window)).toBe(false)
    expect(paints({ document: {}, setTimeout() {} } as unknown as Window)).toBe(false)
  })
})
