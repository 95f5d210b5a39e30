/**
 * An SDK error reaches the site's own server (SPEC §7 "Analytics error report", issue 28 §1), end to
 * end in Node: createAirlock with the `analytics` option naming a real airlock-server analytics
 * plugin (Fastify on 127.0.0.1, PGlite), a plugin whose chunk fails to load (the SDK's own error, a
 * MODULE_ERROR), and Node's real fetch — given the Origin header a browser puts on a cross-origin
 * POST, since the server hears only the project's allowed origins. The report is stored in
 * error_reports, as SPEC §7 names its fields; with `errors: false` the server hears no report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, definePlugin, ethereum, type AirlockOptions, type Features } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { openDatabase, type Database } from '../../server/db/database.mjs'
import { createApp, listen } from '../../server/http.mjs'
import { analyticsIngest } from '../../server/analytics/ingest.mjs'
import { latestErrors } from '../../server/analytics/errors.mjs'
import { idleMs } from '../support/until'

const PAGE = 'https://shop.example'
let db: Database
let app: ReturnType<typeof createApp>
let serverUrl = ''
let heard: string[] = []

const brokenPlugin = definePlugin<Features>({
  id: 'broken',
  enabledBy: () => true,
  load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
})

beforeAll(async () => {
  db = await openDatabase()
  await db.query(`INSERT INTO projects (id, name, allowed_origins, created_at, updated_at) VALUES ('p1', 'Shop', $1, 0, 0)`, [JSON.stringify([PAGE])])
  app = createApp({ log: () => undefined })
  app.addHook('onRequest', async (request) => {
    heard.push(`${request.method} ${request.url.split('?')[0]}`)
  })
  await app.register(analyticsIngest, { db })
  serverUrl = (await listen(app)).url
}, idleMs(60_000))

afterAll(async () => {
  await app?.close()
  await db?.close()
})

/** A page at PAGE/checkout whose fetch is Node's, with the Origin a browser would send. */
function start(options: AirlockOptions) {
  const fetch = ((url: string, init: RequestInit = {}) =>
    globalThis.fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), origin: PAGE } })) as typeof globalThis.fetch
  const win = Object.assign(new EventTarget(), {
    document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
    navigator: { onLine: true },
    location: new URL(`${PAGE}/checkout?order=7`),
  }) as unknown as Window
  return createAirlock(
    { projectId: 'p1', disableAppend: true, networks: [ethereum], plugins: [brokenPlugin], ...options },
    { deps: { storage: memoryStorage(), fetch, window: win, scheduler: new VirtualTimeScheduler(), logger: { warn() {}, error() {} } } },
  )
}

async function until(done: () => Promise<boolean>, ms = idleMs(20_000)): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end && !(await done());) await new Promise((resolve) => setTimeout(resolve, 50))
}

describe('an SDK error reaches the site’s server', () => {
  it(
    'a plugin that fails to load is stored in error_reports through POST /e; with errors: false the server hears none',
    async () => {
      heard = []
      const off = start({ analytics: { url: serverUrl, errors: false } })
      const on = start({ analytics: { url: serverUrl } })
      await Promise.all([on.ready(), off.ready()])
      await until(async () => (await latestErrors(db, 'p1')).length > 0)
      expect(await latestErrors(db, 'p1')).toEqual([
        {
          at: expect.any(Number),
          url: `${PAGE}/checkout`,
          domain: 'shop.example',
          sdkVersion: expect.stringMatching(/^airlock-html-/),
          event: 'INTERNAL_SDK_ERROR',
          errorType: 'TypeError',
          errorMessage: 'Failed to fetch dynamically imported module',
          stackTrace: 'at broken (load)',
        },
      ])
      // Both instances' analytics chunks have started once `on` has reported; `off` sent none.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(heard.filter((line) => line === 'POST /e')).toEqual(['POST /e'])
      on.destroy()
      off.destroy()
    },
    idleMs(60_000),
  )
})
