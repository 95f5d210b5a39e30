/**
 * createAirlock end to end in Node: the real kernel, every core module, the plugin host and the
 * built-in plugins, with in-memory storage, virtual time, and a fetch that answers like the
 * provider configuration API (SPEC §7).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum, polygon, type AirlockInstance } from '../../src/index'
import { memoryStorage, type StorageLike } from '../../src/kernel/deps'
import { STORAGE_CORRUPT_WARNING } from '../../src/kernel/storage'

type Options = Record<string, unknown>

function configApi(features: unknown[]): typeof fetch {
  return async (input) => {
    const url = new URL(String(input))
    if (url.pathname.endsWith('/appkit/v1/config')) return Response.json({ features })
    if (url.pathname.endsWith('/projects/v1/origins')) return Response.json({ allowedOrigins: [] })
    if (url.pathname.endsWith('/getWallets')) return Response.json({ data: [], count: 0 })
    return new Response('not found', { status: 404 })
  }
}

/**
 * Every instance a test started: its plugins' chunks loaded, then destroyed, before the next test.
 * A chunk still loading when the file ends lands in the next file of a worker that shares its
 * modules (the fast tier), as an error there.
 */
const started: AirlockInstance[] = []
afterEach(async () => {
  for (const airlock of started.splice(0)) {
    // ready(): the plugins' loads settled (a restore it waits for too is on the test's virtual time: 1 s of real time at most).
    await Promise.race([airlock.ready(), new Promise((resolve) => setTimeout(resolve, 1000))]).catch(() => undefined)
    airlock.destroy()
  }
})

function start(options: Options = {}, deps: { storage?: StorageLike; fetch?: typeof fetch } = {}) {
  const logger = { warn: vi.fn(), error: vi.fn() }
  const airlock = createAirlock(
    { projectId: 'test', networks: [ethereum, polygon], apiUrls: { config: 'http://127.0.0.1:9/api' }, ...options },
    { deps: { storage: deps.storage ?? memoryStorage(), fetch: deps.fetch, window: undefined, scheduler: new VirtualTimeScheduler(), logger } },
  )
  started.push(airlock)
  return { airlock, logger }
}

describe('createAirlock', () => {
  it('refuses a bad option with a message naming it', () => {
    expect(() => start({ networks: 'mainnet' })).toThrow(/networks/)
    expect(() => start({ enableNetworkSwitch: 'yes' })).toThrow(/enableNetworkSwitch/)
    expect(() => start({ plugins: [{ id: 'x' }] })).toThrow(/plugins\[0\]/)
  })

  it('refuses a siwe config together with siwx (SPEC §4)', () => {
    expect(() => start({ siwe: {}, siwx: {} })).toThrow()
  })

  it('raises PROJECT_ID_NOT_CONFIGURED without a project id and keeps running (SPEC §5)', () => {
    const { airlock } = start({ projectId: undefined })
    expect(airlock.getState().options.alerts.map((a) => a.code)).toContain('PROJECT_ID_NOT_CONFIGURED')
    airlock.open()
    expect(airlock.getState().router.open).toBe(true)
  })

  it('starts on the first configured network', () => {
    const { airlock } = start()
    expect(airlock.getState().networks.activeCaipNetworkId).toBe('eip155:1')
  })

  it('merges remote features over local ones, with the SPEC §8 warning for a local setting that is overridden', async () => {
    const fetch = configApi([
      { id: 'swap', isEnabled: false },
      { id: 'onramp', isEnabled: true },
    ])
    const { airlock } = start({ features: { swaps: true } }, { fetch })
    await vi.waitFor(() => expect(airlock.getState().options.remoteStatus).toBe('loaded'))
    expect(airlock.getState().options.features.swaps).toBe(false)
    expect(airlock.getState().options.alerts.map((a) => a.code)).toContain('LOCAL_CONFIGURATION_IGNORED')
  })

  it('keeps the local features when the remote configuration cannot be fetched', async () => {
    const down: typeof fetch = async () => new Response('', { status: 500 })
    const { airlock } = start({ features: { swaps: true } }, { fetch: down })
    await vi.waitFor(() => expect(airlock.getState().options.remoteStatus).toBe('failed'))
    expect(airlock.getState().options.features.swaps).toBe(true)
  })

  it('loads a built-in plugin only when its feature is on, and tears it down when it goes off', async () => {
    // Swap needs a Blockchain API (its manifest): a page that has one.
    const { airlock } = start({ features: { swaps: false }, apiUrls: { config: 'http://127.0.0.1:9/api', blockchain: 'http://127.0.0.1:9/blockchain' } })
    await airlock.ready()
    expect(airlock.loadedPlugins()).not.toContain('swap')
    expect(airlock.getState().swap).toBeUndefined()
    airlock.setFeatures({ swaps: true })
    await airlock.ready()
    // The swap plugin waits for the modal's first open (deferUntilOpened): on, but not yet used.
    expect(airlock.loadedPlugins()).not.toContain('swap')
    airlock.open()
    await vi.waitFor(() => expect(airlock.loadedPlugins()).toContain('swap'))
    await airlock.ready()
    expect(airlock.loadedPlugins()).toContain('swap')
    expect(airlock.getState().swap).toMatchObject({ lastNetwork: null, from: null, to: null, slippageText: '1' })
    airlock.setFeatures({ swaps: false })
    expect(airlock.loadedPlugins()).not.toContain('swap')
  })

  it('a corrupt stored value resets only its own key, with a warning, and start-up goes on', () => {
    const storage = memoryStorage({
      '@airlock/connection_status': '"connected"',
      '@airlock/recent_wallets': '{not json',
      '@airlock/email': '"a@b.co"',
    })
    const { airlock, logger } = start({}, { storage })
    expect(storage.dump()).toEqual({ '@airlock/connection_status': '"connected"', '@airlock/email': '"a@b.co"' })
    expect(logger.warn).toHaveBeenCalledWith(`${STORAGE_CORRUPT_WARNING} @airlock/recent_wallets`)
    // SPEC §4: at start the status is connecting when the stored status is connected.
    expect(airlock.getState().connection.status).toBe('connecting')
  })

  it('gives analytics consumers the public events only, with a timestamp', () => {
    const { airlock } = start()
    const seen: { type: string; timestamp: number }[] = []
    const unsubscribe = airlock.subscribeEvents((event) => seen.push(event))
    airlock.open()
    airlock.switchNetwork('eip155:137')
    airlock.close()
    unsubscribe()
    airlock.open()
    expect(seen.map((e) => e.type)).toEqual(['MODAL_OPEN', 'SWITCH_NETWORK', 'MODAL_CLOSE'])
    expect(seen.every((e) => typeof e.timestamp === 'number')).toBe(true)
  })

  it('throws "Network not found" when switching to a network the site did not configure (SPEC §8)', () => {
    const { airlock } = start()
    expect(() => airlock.switchNetwork('eip155:10')).toThrow('Network not found')
    // SPEC §8's alert "Network Not Found" is raised with it.
    expect(airlock.getState().options.alerts).toContainEqual(expect.objectContaining({ code: 'NETWORK_NOT_FOUND', shortMessage: 'Network Not Found' }))
  })

  it('shows a notification banner', () => {
    const { airlock } = start()
    airlock.notify({ variant: 'success', message: 'Saved' })
    expect(airlock.getState().notifications).toMatchObject({ open: true, variant: 'success', text: { message: 'Saved' } })
  })

  it('stops every effect on destroy', () => {
    const { airlock } = start()
    airlock.destroy()
    airlock.open()
    expect(airlock.getState().router.open).toBe(false)
  })
})
