/**
 * The `analytics` option through createAirlock (issue 24 §3): decoded at the boundary with a clear
 * error naming it; with it, the public events from the instance's start (before the sender's chunk
 * has loaded) reach the site's server when the page is left; without it, or without a project id,
 * nothing is sent. The page is a stand-in window whose navigator records beacons.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, type AirlockOptions } from '../index'
import { memoryStorage } from '../kernel/deps'

const quiet = { warn: () => undefined, error: () => undefined }

function page() {
  const beacons: { url: string; body: Blob }[] = []
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
  const navigator = {
    onLine: true,
    sendBeacon: (url: string, body: Blob) => beacons.push({ url, body }) > 0,
  }
  const win = Object.assign(new EventTarget(), { document, navigator }) as unknown as Window
  return { win, beacons }
}

function make(options: AirlockOptions, win?: Window) {
  return createAirlock(options, {
    deps: { storage: memoryStorage(), fetch: undefined, window: win, scheduler: new VirtualTimeScheduler(), logger: quiet },
  })
}

describe('the analytics option', () => {
  it('is decoded: a wrong value fails at once with a message naming it', () => {
    expect(() => make({ analytics: { url: 'ftp://x.example' } })).toThrow(
      'Invalid options: analytics.url: expected an http or https URL, got "ftp://x.example"',
    )
    expect(() => make({ analytics: { url: 'https://x.example', includeAddresses: 'yes' } as never })).toThrow(
      'Invalid options: analytics.includeAddresses: expected boolean, got "yes"',
    )
    expect(() => make({ analytics: 'https://x.example' } as never)).toThrow('Invalid options: analytics: expected AnalyticsOption, got "https://x.example"')
  })

  it('sends the public events from the start (MODAL_OPEN before the sender loaded) when the page is left', async () => {
    const { win, beacons } = page()
    const airlock = make({ projectId: 'p1', disableAppend: true, analytics: { url: 'https://airlock.shop.example' } }, win)
    await airlock.open()
    airlock.close()
    // The sender's chunk loads in the background: leave the page until it has (30 s at most: an
    // import on a loaded machine).
    for (let i = 0; i < 1_500 && beacons.length === 0; i++) {
      win.dispatchEvent(new Event('pagehide'))
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(beacons.map((b) => b.url)).toEqual(['https://airlock.shop.example/v1/analytics/events?projectId=p1'])
    const { events } = JSON.parse(await beacons[0]!.body.text()) as { events: { type: string; payload: unknown }[] }
    expect(events.map((e) => e.type)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
    airlock.destroy()
  })

  it('sends nothing without the option, or without a project id', async () => {
    for (const options of [
      { projectId: 'p1', disableAppend: true },
      { disableAppend: true, analytics: { url: 'https://airlock.shop.example' } },
    ]) {
      const { win, beacons } = page()
      const airlock = make(options, win)
      await airlock.open()
      await new Promise((resolve) => setTimeout(resolve, 100))
      win.dispatchEvent(new Event('pagehide'))
      expect(beacons).toEqual([])
      airlock.destroy()
    }
  })
})
