import { beforeAll, describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { createConfigClient } from '../../remote/config/client'
import { optionsModule } from './module'
import { resolveOptions } from './resolve'
import { invalidProjectIdAlert, localConfigurationIgnoredAlert, originNotAllowedAlert, sessionExpiredAlert } from './alerts'

const CONFIG_BASE = 'http://config.test/api'
const ORIGIN = 'https://shop.example'

/** What the fake config API does for a path: answer, hang until aborted, or refuse to connect. */
type Answer = Response | 'hang' | 'down'

/**
 * A stand-in for the config API (SPEC §7), answering by path. Unknown paths get 404. Records each
 * request and whether it was aborted.
 */
function configApi(routes: Record<string, () => Answer>) {
  const calls: URL[] = []
  const aborted: string[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input))
    calls.push(url)
    const route = routes[url.pathname.replace('/api', '')]
    const answer = route ? route() : new Response('{"message":"not found"}', { status: 404 })
    if (answer === 'down') return Promise.reject(new TypeError('connection refused'))
    if (answer === 'hang') {
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => {
          aborted.push(url.pathname)
          reject(new DOMException('aborted', 'AbortError'))
        }),
      )
    }
    return Promise.resolve(answer)
  }
  return { fetch, calls, aborted }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const features =
  (...entries: unknown[]) =>
  () =>
    json({ features: entries })

/** A kernel with the options module and the real config client injected over the stand-in. */
function start(api: ReturnType<typeof configApi>, input: Record<string, unknown> = {}, origin: string | null = ORIGIN) {
  const scheduler = new VirtualTimeScheduler()
  const window = origin === null ? undefined : ({ location: { origin } } as unknown as Window)
  const deps = defaultDeps({ storage: memoryStorage(), scheduler, fetch: api.fetch, window, logger: { warn() {}, error() {} } })
  const { options } = resolveOptions({ projectId: 'p1', apiUrls: { config: CONFIG_BASE }, ...input })
  const config = createConfigClient({ baseUrl: options.apiUrls.config, projectId: options.projectId, fetch: api.fetch, scheduler })
  const kernel = createKernel({ modules: [optionsModule], deps, depsFor: (_module, d) => ({ ...d, config }) })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  return { kernel, scheduler }
}

// The client loads its HTTP code on first use; load it once here, so that each test's timing is
// its own and not the first import's.
beforeAll(async () => {
  await import('../../remote/config/http')
})

/** Let the fake fetch's promises and the response bodies settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

const after = (kernel: Kernel, type: string): AirlockEvent[] => kernel.log().filter((e) => e.type === type)

describe('loadRemoteFeatures (SPEC §7 /appkit/v1/config)', () => {
  it('asks the config API with projectId, st and sv and merges the features it reads over the local ones', async () => {
    const api = configApi({ '/appkit/v1/config': features({ id: 'swap', isEnabled: false }, { id: 'social', isEnabled: true, config: ['github'] }) })
    const { kernel } = start(api)
    await settle()
    const call = api.calls.find((u) => u.pathname === '/api/appkit/v1/config')
    expect(Object.fromEntries(call?.searchParams ?? [])).toEqual({ projectId: 'p1', st: 'airlock', sv: 'airlock-html-0.1.0' })
    expect(after(kernel, 'REMOTE_FEATURES_LOADED').map((e) => e.payload)).toEqual([{ features: { swaps: false, socials: ['github'] } }])
    expect(kernel.getState().options.features).toMatchObject({ swaps: false, socials: ['github'], email: true })
    expect(kernel.getState().options.remoteStatus).toBe('loaded')
    expect(after(kernel, 'ALERT_RAISED')).toEqual([])
  })

  it('warns that the local configuration is ignored when a feature the site set differs remotely (SPEC §8)', async () => {
    const api = configApi({ '/appkit/v1/config': features({ id: 'email', isEnabled: false }, { id: 'swap', isEnabled: true }) })
    const { kernel } = start(api, { features: { email: true, swaps: true, onramp: false } })
    await settle()
    const types = kernel.log().map((e) => e.type)
    expect(types.indexOf('ALERT_RAISED')).toBeGreaterThan(types.indexOf('REMOTE_FEATURES_LOADED'))
    expect(after(kernel, 'ALERT_RAISED').map((e) => e.payload)).toEqual([localConfigurationIgnoredAlert(['email'])])
    expect(kernel.getState().options.alerts).toEqual([localConfigurationIgnoredAlert(['email'])])
  })

  it('keeps the local features when the service answers 500 (SPEC §7)', async () => {
    const api = configApi({ '/appkit/v1/config': () => json({ message: 'boom' }, 500) })
    const { kernel } = start(api, { features: { swaps: false } })
    const before = kernel.getState().options.features
    await settle()
    expect(after(kernel, 'REMOTE_FEATURES_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP status code: 500' }])
    expect(kernel.getState().options.features).toBe(before)
    expect(kernel.getState().options.remoteStatus).toBe('failed')
    expect(after(kernel, 'ALERT_RAISED')).toEqual([])
  })

  it('gives up after 10 s on the scheduler when the service hangs, and aborts the request (SPEC §8 wording)', async () => {
    const api = configApi({ '/appkit/v1/config': () => 'hang' })
    const { kernel, scheduler } = start(api)
    await settle()
    expect(kernel.getState().options.remoteStatus).toBe('loading')
    scheduler.flush()
    await settle()
    expect(scheduler.now()).toBe(10_000)
    expect(after(kernel, 'REMOTE_FEATURES_FAILED').map((e) => e.payload)).toEqual([{ message: 'The request took too long to respond' }])
    expect(api.aborted).toContain('/api/appkit/v1/config')
    expect(kernel.getState().options.remoteStatus).toBe('failed')
  })

  it('fails with "HTTP request failed" on a body that is not JSON or not of the expected shape (SPEC §8)', async () => {
    for (const answer of [() => new Response('<html>oops</html>', { status: 200 }), features({ id: 'email', isEnabled: 'yes' }), () => json({ feature: [] })]) {
      const { kernel } = start(configApi({ '/appkit/v1/config': answer }))
      await settle()
      expect(after(kernel, 'REMOTE_FEATURES_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP request failed' }])
      expect(after(kernel, 'REMOTE_FEATURES_LOADED')).toEqual([])
    }
  })

  it('fails with "HTTP request failed" when the service cannot be reached (SPEC §8)', async () => {
    const { kernel } = start(configApi({ '/appkit/v1/config': () => 'down' }))
    await settle()
    expect(after(kernel, 'REMOTE_FEATURES_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP request failed' }])
  })

  it('maps the server message of a refused request to its alert (SPEC §8 "Unauthorized: invalid key")', async () => {
    const { kernel } = start(configApi({ '/appkit/v1/config': () => json({ message: 'Unauthorized: invalid key' }, 401) }))
    await settle()
    expect(after(kernel, 'REMOTE_FEATURES_FAILED').map((e) => e.payload)).toEqual([{ message: 'HTTP status code: 401' }])
    expect(after(kernel, 'ALERT_RAISED').map((e) => e.payload)).toEqual([invalidProjectIdAlert])
  })

  it('asks nothing without a project id (SPEC §5)', async () => {
    const api = configApi({ '/appkit/v1/config': features() })
    const { kernel } = start(api, { projectId: '' })
    await settle()
    expect(api.calls).toEqual([])
    expect(kernel.getState().options.remoteStatus).toBe('idle')
  })

  it('asks nothing without a config API: the local features are the features, no origin is checked', async () => {
    const api = configApi({
      '/appkit/v1/config': features({ id: 'swap', isEnabled: false }),
      '/projects/v1/origins': () => json({ allowedOrigins: ['https://x'] }),
    })
    const { kernel } = start(api, { apiUrls: {}, features: { swaps: true } })
    await settle()
    expect(api.calls).toEqual([])
    expect(kernel.getState().options).toMatchObject({ remoteStatus: 'idle', remoteFeatures: null })
    expect(kernel.getState().options.features.swaps).toBe(true)
    expect(after(kernel, 'ALERT_RAISED')).toEqual([])
  })

  it('a second OPTIONS_INITIALIZED cancels the request of the first', async () => {
    let first = true
    const api = configApi({
      '/appkit/v1/config': () => {
        if (!first) return json({ features: [{ id: 'email', isEnabled: false }] })
        first = false
        return 'hang'
      },
    })
    const { kernel } = start(api, {}, null)
    await settle()
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p2', apiUrls: { config: CONFIG_BASE } }).options }))
    await settle()
    expect(api.aborted).toEqual(['/api/appkit/v1/config'])
    expect(after(kernel, 'REMOTE_FEATURES_LOADED')).toHaveLength(1)
    expect(after(kernel, 'REMOTE_FEATURES_FAILED')).toEqual([])
  })
})

describe('checkAllowedOrigins (SPEC §5, §7 /projects/v1/origins)', () => {
  const origins = (allowedOrigins: unknown) => () => json({ allowedOrigins })
  const config = features()

  it('raises Invalid App Configuration when the origin is not on a non-empty allowlist', async () => {
    const { kernel } = start(configApi({ '/appkit/v1/config': config, '/projects/v1/origins': origins(['https://other.example']) }))
    await settle()
    expect(after(kernel, 'ALERT_RAISED').map((e) => e.payload)).toEqual([originNotAllowedAlert(ORIGIN)])
  })

  it('raises nothing when the origin is listed, matches a wildcard, or is a local development host', async () => {
    for (const [allowed, origin] of [
      [['https://shop.example'], ORIGIN],
      [['*.vercel.app'], 'https://preview-1.vercel.app'],
      [['https://other.example'], 'http://localhost:5173'],
    ] as const) {
      const { kernel } = start(configApi({ '/appkit/v1/config': config, '/projects/v1/origins': origins(allowed) }), {}, origin)
      await settle()
      expect(after(kernel, 'ALERT_RAISED')).toEqual([])
    }
  })

  it('raises nothing for an empty list, or when the call fails, is malformed or hangs (the list is then empty)', async () => {
    for (const answer of [origins([]), () => json({}, 500), origins('*'), () => 'down' as const, () => 'hang' as const]) {
      const { kernel, scheduler } = start(configApi({ '/appkit/v1/config': config, '/projects/v1/origins': answer }))
      await settle()
      scheduler.flush()
      await settle()
      expect(after(kernel, 'ALERT_RAISED')).toEqual([])
    }
  })

  it('asks nothing where there is no window to read the origin from', async () => {
    const api = configApi({ '/appkit/v1/config': config, '/projects/v1/origins': origins(['https://other.example']) })
    start(api, {}, null)
    await settle()
    expect(api.calls.map((u) => u.pathname)).toEqual(['/api/appkit/v1/config'])
  })
})

describe('alertServerMessages (SPEC §8 server messages)', () => {
  it('raises the alert of a known server message wherever it surfaces', async () => {
    const { kernel } = start(configApi({ '/appkit/v1/config': features() }), {}, ORIGIN)
    await settle()
    kernel.dispatch(createEvent('CONNECT_ERROR', { message: 'Unauthorized: origin not allowed' }))
    kernel.dispatch(createEvent('WALLET_CATALOG_FAILED', { message: 'JWT validation error: JWT Token is not yet valid', request: 'lists' }))
    kernel.dispatch(
      createEvent('MODULE_ERROR', { moduleId: 'x', hook: 'y', name: 'HttpStatusError', category: 'NETWORK', message: 'relay: Unauthorized: invalid key' }),
    )
    kernel.dispatch(createEvent('CONNECT_ERROR', { message: 'User closed the modal' }))
    expect(after(kernel, 'ALERT_RAISED').map((e) => e.payload)).toEqual([originNotAllowedAlert(ORIGIN), sessionExpiredAlert, invalidProjectIdAlert])
  })
})

describe('warnIgnoredLocalChange (SPEC §8)', () => {
  it('warns when a run-time local change is overridden by remote configuration, and only then', async () => {
    const { kernel } = start(configApi({ '/appkit/v1/config': features({ id: 'swap', isEnabled: true }) }))
    await settle()
    kernel.dispatch(createEvent('LOCAL_FEATURES_CHANGED', { features: { swaps: true, pay: true } }))
    expect(after(kernel, 'ALERT_RAISED')).toEqual([])
    kernel.dispatch(createEvent('LOCAL_FEATURES_CHANGED', { features: { swaps: false } }))
    expect(after(kernel, 'ALERT_RAISED').map((e) => e.payload)).toEqual([localConfigurationIgnoredAlert(['swaps'])])
    expect(kernel.getState().options.features.swaps).toBe(true)
  })

  it('says nothing before remote configuration is in', () => {
    const { kernel } = start(configApi({ '/appkit/v1/config': () => 'hang' }))
    kernel.dispatch(createEvent('LOCAL_FEATURES_CHANGED', { features: { swaps: false } }))
    expect(after(kernel, 'ALERT_RAISED')).toEqual([])
    expect(kernel.getState().options.features.swaps).toBe(false)
  })
})
