/**
 * The boundaries an instance crosses as it starts (issue 27 §2), driven through `createAirlock`
 * itself with the real kernel, core modules and plugin host, in-memory storage and virtual time:
 *
 * - the site's options: whatever is passed, createAirlock returns a working instance or throws an
 *   AirlockError "Invalid options: …" naming what is wrong; nothing else is thrown, and no
 *   `__proto__` key reaches Object.prototype;
 * - the config API's answers (remote config, allowed origins, analytics config, the wallet
 *   catalog): whatever body a call answers with, the instance ends as it does when the service is
 *   down (a 500), unless the body is a valid answer; no module error, nothing unhandled.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum, polygon } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { AirlockError } from '../../src/kernel/errors'
import { ResolvedOptions } from '../../src/events/shapes/options'
import { isRight } from '../../src/kernel/either'
import { AllowedOriginsResponse, AnalyticsConfigResponse, RemoteConfigResponse, WalletsResponse, decodeFeatureEntries } from '../../src/remote/config/codecs'
import { runs } from '../property/settings'
import { hostile, hugeString, mutated, PROTOTYPE_KEYS } from './hostile'

const CONFIG = 'http://127.0.0.1:9/api'
type Fetch = typeof globalThis.fetch

function start(options: unknown, fetch?: Fetch) {
  const logger = { warn: vi.fn(), error: vi.fn() }
  const scheduler = new VirtualTimeScheduler()
  const airlock = createAirlock(options as never, { deps: { storage: memoryStorage(), fetch, window: undefined, scheduler, logger } })
  return { airlock, scheduler, logger }
}

/** Object.prototype's own names, to see that no `__proto__` key polluted it. */
const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort()

let unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)
beforeEach(() => {
  unhandled = []
  process.on('unhandledRejection', onUnhandled)
})
afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
})

const validOptions = fc.record(
  {
    projectId: fc.constantFrom('p1', 'fuzz', ''),
    networks: fc.constant([ethereum, polygon]),
    themeMode: fc.constantFrom('light', 'dark'),
    features: fc.record({ swaps: fc.boolean(), email: fc.boolean(), socials: fc.constantFrom(false, ['google', 'github']) }, { requiredKeys: [] }),
    featuredWalletIds: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
    excludeWalletIds: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
    metadata: fc.constant({ name: 'Shop', description: 'A shop', url: 'https://shop.example', icons: ['https://shop.example/icon.png'] }),
    themeVariables: fc.constant({ '--w3m-accent': '#00f', '--w3m-border-radius-master': 2 }),
    allWallets: fc.constantFrom('SHOW', 'HIDE', 'ONLY_MOBILE'),
    enableEIP6963: fc.boolean(),
    tokens: fc.constant({ 'eip155:1': { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } }),
  },
  { requiredKeys: ['projectId', 'networks'] },
)

describe('options (issue 27 §2)', () => {
  it('any options: a working instance or an AirlockError "Invalid options: …", nothing else thrown, Object.prototype untouched', async () => {
    const before = prototypeNames()
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostile, validOptions, mutated(validOptions), mutated(validOptions, fc.constantFrom(...PROTOTYPE_KEYS))), async (options) => {
        let started: ReturnType<typeof start> | undefined
        try {
          started = start(options)
        } catch (error) {
          if (!(error instanceof AirlockError)) throw new Error(`createAirlock crashed on bad options: ${String(error)}`, { cause: error })
          expect(error.message).toMatch(/^Invalid options/)
          return
        }
        const { airlock, scheduler } = started
        const resolved = airlock.getState().options.resolved
        expect(resolved).not.toBeNull()
        expect(ResolvedOptions.is(resolved)).toBe(true)
        // The instance works: it opens and closes.
        airlock.open()
        expect(airlock.getState().router.open).toBe(true)
        airlock.close()
        // Its plugins' chunks land before it goes (the fast tier's workers share modules: a late import fails the next file).
        scheduler.flush()
        await Promise.race([airlock.ready(), new Promise((resolve) => setTimeout(resolve, 1_000))])
        airlock.destroy()
        expect(prototypeNames()).toEqual(before)
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
      }),
      runs({ ciScale: 0.1 }),
    )
    expect(unhandled).toEqual([])
  })
})

/** A body a config API call may answer with: hostile JSON, a valid answer mutated, text that is no JSON, a huge one. */
const VALID_BODIES: Record<string, unknown> = {
  '/appkit/v1/config': {
    features: [
      { id: 'email', isEnabled: true },
      { id: 'social', isEnabled: true, config: ['google'] },
      { id: 'swap', isEnabled: false },
    ],
  },
  '/projects/v1/origins': { allowedOrigins: ['http://localhost'] },
  '/getAnalyticsConfig': { isAnalyticsEnabled: false },
  '/getWallets': { data: [{ id: 'w1', name: 'Wallet One', image_id: null }], count: 1 },
}
const CODECS: Record<string, (json: unknown) => boolean> = {
  '/appkit/v1/config': (json) => {
    const decoded = RemoteConfigResponse.decode(json)
    return isRight(decoded) && decodeFeatureEntries(decoded.right.features).ok
  },
  '/projects/v1/origins': (json) => AllowedOriginsResponse.is(json),
  '/getAnalyticsConfig': (json) => AnalyticsConfigResponse.is(json),
  '/getWallets': (json) => isRight(WalletsResponse.decode(json)),
}
const PATHS = Object.keys(VALID_BODIES)

const body = (path: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 3, arbitrary: mutated(fc.constant(VALID_BODIES[path]), fc.jsonValue({ maxDepth: 2 })).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.constantFrom('{"features": [', '<html>', '', '{"__proto__": {"polluted": true}, "features": []}') },
    { weight: 1, arbitrary: hugeString.map((s) => JSON.stringify({ features: [{ id: s, isEnabled: true }], allowedOrigins: [s], data: [], count: 1 })) },
  )

/** A config API that answers `path` with `text` and every other call as `others` does. */
function configApi(answers: Readonly<Record<string, string | null>>): Fetch {
  return async (input) => {
    const path = new URL(String(input)).pathname.replace(/^\/api/, '')
    const text = answers[path]
    if (text === undefined || text === null) return new Response('down', { status: 500 })
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } })
  }
}

/** What the config API's answers decide in the state: the features in force and the catalog's lists. */
function remoteSlice(airlock: ReturnType<typeof start>['airlock']) {
  const { options, walletCatalog } = airlock.getState() as unknown as {
    options: { features: unknown; remoteFeatures: unknown; remoteStatus: string }
    walletCatalog: { count: number; featured: unknown[]; recommended: unknown[]; wallets: unknown[]; loading: boolean; error: string | null }
  }
  const { count, featured, recommended, wallets } = walletCatalog
  return {
    features: options.features,
    remoteFeatures: options.remoteFeatures,
    remoteStatus: options.remoteStatus,
    catalog: { count, featured, recommended, wallets },
  }
}

/** SPEC §8's words for a failed call. */
const HTTP_ERROR = /^(HTTP request failed|HTTP status code: \d+|The request took too long to respond)$/

/** Open the modal (the catalog loads) and run virtual time and the event loop until remote config and the catalog are done and the state stops changing. */
async function settle(airlock: ReturnType<typeof start>['airlock'], scheduler: VirtualTimeScheduler): Promise<void> {
  airlock.open()
  let last: unknown = undefined
  for (let i = 0, still = 0; i < 2_000 && still < 3; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    scheduler.flush()
    // The state is immutable: the same reference is the same state.
    const now = airlock.getState()
    const { options, walletCatalog } = now as unknown as {
      options: { remoteStatus: string }
      walletCatalog: { loading: boolean; error: string | null; listsLoaded: boolean }
    }
    const done =
      (options.remoteStatus === 'loaded' || options.remoteStatus === 'failed') &&
      !walletCatalog.loading &&
      (walletCatalog.error !== null || walletCatalog.listsLoaded)
    still = done && now === last ? still + 1 : 0
    last = now
  }
  await airlock.ready()
}

describe('config API answers: remote config, allowed origins, analytics config, the wallet catalog (issue 27 §2)', () => {
  it('any body on any call: the instance ends as it does with the service down, unless the body is a valid answer; no module error, nothing unhandled', async () => {
    const options = { projectId: 'fuzz', networks: [ethereum, polygon], apiUrls: { config: CONFIG }, features: { swaps: true } }
    const down = start(options, configApi({}))
    await settle(down.airlock, down.scheduler)
    const baseline = remoteSlice(down.airlock)
    down.airlock.destroy()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS).chain((path) => body(path).map((text) => [path, text] as const)),
        async ([path, text]) => {
          const { airlock, scheduler } = start(options, configApi({ [path]: text }))
          await settle(airlock, scheduler)
          let json: unknown
          let valid = false
          try {
            json = JSON.parse(text)
            valid = CODECS[path]!(json)
          } catch {
            valid = false
          }
          const catalog = (airlock.getState() as unknown as { walletCatalog: { loading: boolean; error: string | null } }).walletCatalog
          expect(catalog.loading).toBe(false)
          if (catalog.error !== null) expect(catalog.error).toMatch(HTTP_ERROR)
          if (!valid) expect(remoteSlice(airlock)).toEqual(baseline)
          airlock.destroy()
        },
      ),
      runs({ ciScale: 0.1 }),
    )
    expect(unhandled).toEqual([])
  })
})
