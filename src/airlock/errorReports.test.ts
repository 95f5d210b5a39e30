/**
 * SDK error reporting through createAirlock (SPEC §7 "Analytics error report", §8 "SDK errors are
 * … reported", issue 28 §1 "report to the site's own server, off when the site says so; nothing
 * goes anywhere the site did not configure"): an error thrown in the SDK's code (here a plugin
 * whose loader fails: a MODULE_ERROR) is posted to the `analytics` option's server at /e; with
 * `errors: false` no report leaves; without the option no request is made at all. The page is a
 * stand-in window; `fetch` records what leaves.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, definePlugin, ethereum, type AirlockInstance, type AirlockOptions, type Features } from '../index'
import { memoryStorage } from '../kernel/deps'
import { SDK_TYPE, SDK_VERSION } from '../remote/sdk'

const quiet = { warn: () => undefined, error: () => undefined }

/** A plugin whose chunk fails to load: the SDK's own error, as a MODULE_ERROR. */
const brokenPlugin = definePlugin<Features>({
  id: 'broken',
  enabledBy: () => true,
  load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
})

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

function start(options: AirlockOptions) {
  const requests: { url: string; body: string }[] = []
  const fetch = (async (url: string, init?: RequestInit) => {
    requests.push({ url: String(url), body: init?.body instanceof Blob ? await init.body.text() : String(init?.body ?? '') })
    return new Response(null, { status: 204 })
  }) as typeof globalThis.fetch
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
  const win = Object.assign(new EventTarget(), {
    document,
    navigator: { onLine: true },
    location: new URL('https://shop.example/checkout?order=7'),
  }) as unknown as Window
  const airlock = createAirlock(
    { projectId: 'p1', disableAppend: true, networks: [ethereum], plugins: [brokenPlugin], ...options },
    { deps: { storage: memoryStorage(), fetch, window: win, scheduler: new VirtualTimeScheduler(), logger: quiet } },
  )
  running.push(airlock)
  return { airlock, requests, win }
}

/** Waits (real time: the analytics chunk's import) until `done()` or 20 s. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('SDK error reports', () => {
  it('posts an error thrown in the SDK (a plugin that fails to load) to the analytics server’s /e, as SPEC §7 names the fields', async () => {
    const { airlock, requests } = start({ analytics: { url: 'https://airlock.shop.example' } })
    await airlock.ready()
    await until(() => requests.some((r) => r.url.includes('/e?')))
    const reports = requests.filter((r) => r.url.includes('/e?'))
    expect(reports.map((r) => r.url)).toEqual([`https://airlock.shop.example/e?projectId=p1&st=${SDK_TYPE}&sv=${encodeURIComponent(SDK_VERSION)}`])
    expect(JSON.parse(reports[0]!.body)).toMatchObject({
      url: 'https://shop.example/checkout',
      domain: 'shop.example',
      props: {
        type: 'error',
        event: 'INTERNAL_SDK_ERROR',
        errorType: 'TypeError',
        errorMessage: 'Failed to fetch dynamically imported module',
        stackTrace: 'at broken (load)',
      },
    })
  })

  it('with errors: false sends no report (the analytics events still go), and without the option makes no request at all', async () => {
    const off = start({ analytics: { url: 'https://airlock.shop.example', errors: false } })
    const none = start({})
    await Promise.all([off.airlock.ready(), none.airlock.ready()])
    await Promise.all([off.airlock.open(), none.airlock.open()])
    // The sender's chunk has started once leaving the page sends the events it holds (by fetch:
    // this navigator has no sendBeacon); the errors in the log would have been reported then.
    await until(() => {
      off.win.dispatchEvent(new Event('pagehide'))
      none.win.dispatchEvent(new Event('pagehide'))
      return off.requests.length > 0
    })
    expect(off.requests.map((r) => r.url)).toEqual(['https://airlock.shop.example/v1/analytics/events?projectId=p1'])
    expect(none.requests).toEqual([])
  })
})
