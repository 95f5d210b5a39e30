/**
 * The SDK's error reports (SPEC §7 "Analytics error report", §9 "Error reporting throttle: at most
 * 5 events per 60 s"), on virtual time: the request's URL, query and body as SPEC §7 names them
 * (the page's address without query or fragment); at most 5 in any 60 s, a sixth heard again only
 * when the first of them is 60 s old; a failed or throwing request is ignored.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { ERROR_REPORT_THROTTLE, errorReporter, type ErrorReport, type SdkError } from './errorReporter'

const ERROR: SdkError = { moduleId: 'send', hook: 'effect:estimate', name: 'TypeError', category: 'INTERNAL_SDK_ERROR', message: 'x is undefined' }
const OPTIONS = { url: 'https://airlock.shop.example/', projectId: 'p 1', sdkType: 'airlock', sdkVersion: 'airlock-html-0.1.0' }

function page() {
  const scheduler = new VirtualTimeScheduler()
  const sent: { url: string; init: RequestInit; report: Promise<ErrorReport> }[] = []
  let ids = 0
  const win = {
    location: new URL('https://shop.example/checkout?token=secret#step-2'),
    crypto: { randomUUID: () => `00000000-0000-4000-8000-00000000000${ids++}` },
  } as unknown as Window
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, init, report: (init.body as Blob).text().then((text) => JSON.parse(text) as ErrorReport) })
    return new Response(null, { status: 204 })
  }) as typeof globalThis.fetch
  /** Moves virtual time on by `ms`. */
  const wait = (ms: number) => {
    scheduler.schedule(() => undefined, ms)
    scheduler.flush()
  }
  return { win, fetch, sent, scheduler, wait }
}

describe('errorReporter', () => {
  it('posts SPEC §7’s report to {url}/e with projectId, st and sv, as text/plain without credentials', async () => {
    const { win, fetch, sent, scheduler } = page()
    const report = errorReporter(OPTIONS, { window: win, fetch, clock: scheduler })
    expect(report(ERROR)).toBe(true)
    expect(sent.map((s) => s.url)).toEqual(['https://airlock.shop.example/e?projectId=p%201&st=airlock&sv=airlock-html-0.1.0'])
    expect(sent[0]!.init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true })
    expect((sent[0]!.init.body as Blob).type).toBe('text/plain;charset=utf-8')
    expect(await sent[0]!.report).toEqual({
      eventId: '00000000-0000-4000-8000-000000000000',
      url: 'https://shop.example/checkout',
      domain: 'shop.example',
      timestamp: scheduler.now(),
      props: { type: 'error', event: 'INTERNAL_SDK_ERROR', errorType: 'TypeError', errorMessage: 'x is undefined', stackTrace: 'at send (effect:estimate)' },
    })
  })

  it('sends at most 5 in any 60 s (SPEC §9); the sixth is dropped, and one is heard again when the first is 60 s old', () => {
    expect(ERROR_REPORT_THROTTLE).toEqual({ max: 5, windowMs: 60_000 })
    const { win, fetch, sent, scheduler, wait } = page()
    const report = errorReporter(OPTIONS, { window: win, fetch, clock: scheduler })
    const answers: boolean[] = []
    // Seven errors, one a second: the first five leave.
    for (let i = 0; i < 7; i++) {
      answers.push(report(ERROR))
      wait(1000)
    }
    expect(answers).toEqual([true, true, true, true, true, false, false])
    expect(sent).toHaveLength(5)
    // t = 59.999 s: the first is not yet 60 s old.
    wait(59_999 - 7000)
    expect(report(ERROR)).toBe(false)
    // t = 60 s: the first left the window, so one more; the second leaves it at 61 s.
    wait(1)
    expect([report(ERROR), report(ERROR)]).toEqual([true, false])
    wait(1000)
    expect(report(ERROR)).toBe(true)
    expect(sent).toHaveLength(7)
  })

  it('ignores a failing request and one that throws (SPEC §7: failures are ignored); with no fetch sends nothing', () => {
    const { win, scheduler } = page()
    const rejects = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof globalThis.fetch
    const throws = (() => {
      throw new TypeError('blocked')
    }) as unknown as typeof globalThis.fetch
    expect(errorReporter(OPTIONS, { window: win, fetch: rejects, clock: scheduler })(ERROR)).toBe(true)
    expect(errorReporter(OPTIONS, { window: win, fetch: throws, clock: scheduler })(ERROR)).toBe(true)
    expect(errorReporter(OPTIONS, { window: win, fetch: undefined, clock: scheduler })(ERROR)).toBe(false)
  })
})
