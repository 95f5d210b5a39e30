/**
 * A plugin's views through the instance (issue 11 §1): `open` waits for a plugin still loading,
 * refuses a view no module registers with VIEW_NOT_FOUND (never Connect instead), and the site's
 * `notify` is decoded and told apart from a strings key.
 */
import { describe, expect, it, vi } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, definePlugin, defineModule, ethereum, type AirlockEvent, type Features } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import type { AnyModule } from '../../src/kernel/module'

const quiet = { warn() {}, error() {} }
const deps = () => ({ storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler(), logger: quiet })

const statsModule = defineModule({
  id: 'stats',
  initialState: null,
  views: { Stats: async () => ({ default: () => null }) },
  strings: { en: { 'titles.Stats': 'Stats' } },
})

/** A plugin whose chunk arrives when the test says so. */
function slowPlugin() {
  let release: () => void = () => undefined
  const arrived = new Promise<void>((resolve) => (release = resolve))
  const plugin = definePlugin<Features>({
    id: 'stats',
    enabledBy: () => true,
    load: async () => {
      await arrived
      return { default: statsModule as AnyModule }
    },
  })
  return { plugin, release }
}

describe('instance.open and plugin views', () => {
  it('opening a view of a plugin still loading waits for it, then opens on it', async () => {
    const { plugin, release } = slowPlugin()
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum], plugins: [plugin] }, { deps: deps() })
    const opened = airlock.open('Stats' as never)
    expect(airlock.getState().router.open).toBe(false)
    release()
    await opened
    expect(airlock.getState().router).toMatchObject({ open: true, history: [{ view: 'Stats' }] })
    expect(airlock.getState().contributions.modules.map((m) => m.id)).toContain('stats')
    airlock.destroy()
  })

  it('a plugin waiting for the modal’s first open (deferUntilOpened) is not loaded before; opening one of its views loads it and opens on it', async () => {
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum] }, { deps: deps() })
    await airlock.ready()
    // Send and Receive show only in the modal: a page that never opens it loads neither.
    expect(airlock.loadedPlugins()).not.toContain('send')
    expect(airlock.loadedPlugins()).not.toContain('receive')
    await airlock.open('WalletReceive')
    expect(airlock.getState().router).toMatchObject({ open: true, history: [{ view: 'WalletReceive' }] })
    expect(airlock.loadedPlugins()).toEqual(expect.arrayContaining(['send', 'receive']))
    // Closed again, they stay loaded.
    airlock.close()
    expect(airlock.loadedPlugins()).toEqual(expect.arrayContaining(['send', 'receive']))
    airlock.destroy()
  })

  it('opening a view no module registers rejects with the VIEW_NOT_FOUND message, and the modal stays closed', async () => {
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum] }, { deps: deps() })
    const seen: AirlockEvent[] = []
    airlock._internal.events$.subscribe((event) => seen.push(event))
    await airlock.ready()
    await expect(airlock.open('NoSuchView' as never)).rejects.toThrow('No module registers the view "NoSuchView"')
    expect(airlock.getState().router.open).toBe(false)
    expect(seen.filter((e) => e.type === 'VIEW_NOT_FOUND').map((e) => e.payload)).toEqual([
      { view: 'NoSuchView', message: expect.stringContaining('No module registers the view "NoSuchView"') as unknown },
    ])
    // No analytics MODAL_OPEN for a modal that did not open.
    expect(seen.some((e) => e.type === 'MODAL_OPEN')).toBe(false)
    airlock.destroy()
  })

  it('a core view opens at once, synchronously', () => {
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum] }, { deps: deps() })
    void airlock.open('SwitchNetwork')
    expect(airlock.getState().router.history).toEqual([{ view: 'SwitchNetwork' }])
    airlock.destroy()
  })

  it('exposes the running modules, where the UI finds a plugin view loader', async () => {
    const { plugin, release } = slowPlugin()
    release()
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum], plugins: [plugin] }, { deps: deps() })
    await airlock.ready()
    expect(airlock._internal.modules().find((m) => m.id === 'stats')?.views?.Stats).toBe(statsModule.views?.Stats)
    airlock.destroy()
  })
})

describe('instance.notify (issue 11 §7)', () => {
  it('shows the site text as given, or a strings key with values and detail', () => {
    const setup = deps()
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum] }, { deps: setup })
    airlock.notify({ variant: 'success', message: 'Saved', description: 'All good' })
    expect(airlock.getState().notifications.text).toEqual({ message: 'Saved', description: 'All good' })
    airlock.notify({ variant: 'error', key: 'balanceUnavailable', detail: 'RPC down' })
    // SPEC §2: the open banner closes and the new one opens 150 ms later.
    setup.scheduler.schedule(() => undefined, 150)
    setup.scheduler.maxFrames = 150
    setup.scheduler.flush()
    expect(airlock.getState().notifications).toMatchObject({ open: true, variant: 'error', text: { key: 'balanceUnavailable', detail: 'RPC down' } })
    airlock.destroy()
  })

  it('refuses a notification of the wrong shape with a clear error', () => {
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum] }, { deps: deps() })
    expect(() => airlock.notify({ variant: 'success', message: 5 } as never)).toThrow('Invalid notification')
    expect(() => airlock.notify({ variant: 'loud', message: 'x' } as never)).toThrow('Invalid notification')
    airlock.destroy()
  })

  describe('a plugin the config API could switch off waits for its answer (issue 24)', () => {
    // The rule: no plugin chunk is fetched before the answer for a feature the answer can turn off.
    function heldConfig() {
      let answer: (features: unknown[]) => void = () => undefined
      const answered = new Promise<unknown[]>((resolve) => (answer = resolve))
      const fetch: typeof globalThis.fetch = async (input) => {
        const url = new URL(String(input))
        if (url.pathname.endsWith('/appkit/v1/config')) return Response.json({ features: await answered })
        if (url.pathname.endsWith('/projects/v1/origins')) return Response.json({ allowedOrigins: [] })
        return Response.json({ data: [], count: 0 })
      }
      return { fetch, answer }
    }
    function swapsPlugin() {
      let loads = 0
      const plugin = definePlugin<Features>({
        id: 'stats',
        enabledBy: (features) => features.swaps,
        load: async () => {
          loads += 1
          return { default: statsModule as AnyModule }
        },
      })
      return { plugin, loads: () => loads }
    }
    const options = (plugin: ReturnType<typeof swapsPlugin>['plugin']) => ({
      projectId: 'p',
      networks: [ethereum],
      features: { swaps: true },
      apiUrls: { config: 'http://127.0.0.1:9/api' },
      plugins: [plugin],
    })
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

    it('never loads it when the answer turns the feature off', async () => {
      const config = heldConfig()
      const { plugin, loads } = swapsPlugin()
      const airlock = createAirlock(options(plugin), { deps: { ...deps(), fetch: config.fetch } })
      await tick()
      expect(airlock.getState().options.remoteStatus).toBe('loading')
      expect(loads()).toBe(0)
      config.answer([{ id: 'swap', isEnabled: false }])
      await vi.waitFor(() => expect(airlock.getState().options.remoteStatus).toBe('loaded'))
      await airlock.ready()
      expect(loads()).toBe(0)
      expect(airlock.loadedPlugins()).not.toContain('stats')
      airlock.destroy()
    })

    it('loads it once the answer leaves it on; open() of its view waits for the answer and opens on it', async () => {
      const config = heldConfig()
      const { plugin, loads } = swapsPlugin()
      const airlock = createAirlock(options(plugin), { deps: { ...deps(), fetch: config.fetch } })
      const opened = airlock.open('Stats' as never)
      await tick()
      expect(loads()).toBe(0)
      config.answer([{ id: 'swap', isEnabled: true }])
      await opened
      expect(loads()).toBe(1)
      expect(airlock.getState().router).toMatchObject({ open: true, history: [{ view: 'Stats' }] })
      airlock.destroy()
    })
  })
})
