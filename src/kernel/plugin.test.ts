import { describe, expect, it } from 'vitest'
import { BehaviorSubject } from 'rxjs'
import { createKernel } from './kernel'
import { type AnyModule } from './module'
import { defineModule } from './foldOfReduce'
import { createPluginHost, definePlugin } from './plugin'
import { defaultDeps, memoryStorage } from './deps'

interface Flags {
  readonly on: boolean
}

const module = defineModule({
  id: 'lazy',
  initialState: { seen: 0 },
  reduce(draft, event) {
    if (event.type === 'PLUGIN_LOADED') draft.seen += 1
  },
})

function setup(
  load: () => Promise<{ default: AnyModule }> = async () => ({ default: module }),
  reservedViews?: ReadonlySet<string>,
  logger?: { warn(message: string, ...details: unknown[]): void },
) {
  const kernel = createKernel({ modules: [], deps: defaultDeps({ storage: memoryStorage() }) })
  const features = new BehaviorSubject<Flags>({ on: false })
  let loads = 0
  const manifest = definePlugin<Flags>({
    id: 'lazy',
    enabledBy: (f) => f.on,
    load: () => {
      loads += 1
      return load()
    },
  })
  const host = createPluginHost(kernel, [manifest], features, { reservedViews, ...(logger && { logger }) })
  return { kernel, features, host, loads: () => loads }
}

describe('plugin host', () => {
  it('does not load a plugin while its feature is off', async () => {
    const { kernel, host, loads } = setup()
    await host.settled()
    expect(loads()).toBe(0)
    expect(kernel.hasModule('lazy')).toBe(false)
  })

  it('loads the plugin when its feature turns on, folding the log so far', async () => {
    const { kernel, features, host, loads } = setup()
    kernel.dispatch({ type: 'PLUGIN_LOADED', payload: { id: 'other' } })
    features.next({ on: true })
    await host.settled()
    expect(loads()).toBe(1)
    expect(host.loaded()).toEqual(['lazy'])
    // It saw the earlier PLUGIN_LOADED through the fold, and its own through live dispatch.
    expect(kernel.getState().lazy).toEqual({ seen: 2 })
    expect(kernel.replay()).toEqual(kernel.getState())
  })

  it('tears the plugin down when its feature turns off', async () => {
    const { kernel, features, host } = setup()
    features.next({ on: true })
    await host.settled()
    features.next({ on: false })
    expect(kernel.hasModule('lazy')).toBe(false)
    expect(kernel.getState().lazy).toBeUndefined()
    expect(kernel.log().at(-1)).toEqual({ type: 'PLUGIN_UNLOADED', payload: { id: 'lazy' } })
  })

  it('drops a load that finishes after the feature was switched off', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { kernel, features, host } = setup(async () => {
      await gate
      return { default: module }
    })
    features.next({ on: true })
    features.next({ on: false })
    release()
    await host.settled()
    expect(kernel.hasModule('lazy')).toBe(false)
  })

  it('reports a failed load as MODULE_ERROR with hook "load" and keeps running', async () => {
    const { kernel, features, host } = setup(async () => {
      throw new Error('chunk missing')
    })
    features.next({ on: true })
    await host.settled()
    expect(kernel.log().find((e) => e.type === 'MODULE_ERROR')?.payload).toMatchObject({ moduleId: 'lazy', hook: 'load', message: 'chunk missing' })
    expect(kernel.hasModule('lazy')).toBe(false)
  })

  it('refuses a module whose id differs from its manifest', async () => {
    const { kernel, features, host } = setup(async () => ({ default: { ...module, id: 'impostor' } }))
    features.next({ on: true })
    await host.settled()
    expect(kernel.hasModule('impostor')).toBe(false)
    expect(kernel.log().some((e) => e.type === 'MODULE_ERROR')).toBe(true)
  })

  it('PLUGIN_LOADED carries the serialisable contributions; the code parts stay on the module (issue 11 §1)', async () => {
    const SessionView = () => null
    const withViews = {
      ...module,
      views: { Stats: async () => ({ default: SessionView }) },
      strings: { en: { 'titles.Stats': 'Stats', open: 'Open stats' } },
      accountActions: [{ id: 'stats', label: 'open', view: 'Stats', namespaces: ['eip155'] }],
      connectMethods: [{ id: 'statsLogin', group: 'email' as const, view: 'Stats' }],
    }
    const { kernel, features, host } = setup(async () => ({ default: withViews }))
    features.next({ on: true })
    await host.settled()
    expect(kernel.log().find((e) => e.type === 'PLUGIN_LOADED')?.payload).toEqual({
      id: 'lazy',
      views: ['Stats'],
      accountActions: [{ id: 'stats', label: 'open', view: 'Stats', namespaces: ['eip155'] }],
      connectMethods: [{ id: 'statsLogin', group: 'email', view: 'Stats' }],
    })
    // JSON-safe: the payload survives a round trip, so the log can be stored and replayed.
    const loaded = kernel.log().find((e) => e.type === 'PLUGIN_LOADED')
    expect(JSON.parse(JSON.stringify(loaded))).toEqual(loaded)
    expect(kernel.modules().find((m) => m.id === 'lazy')?.views?.Stats).toBe(withViews.views.Stats)
  })

  it('refuses a plugin whose contributions are wrong, before it runs, with a MODULE_ERROR naming the problem', async () => {
    const taken = { ...module, views: { Connect: async () => ({ default: () => null }) }, strings: { en: { 'titles.Connect': 'Mine' } } }
    const { kernel, features, host } = setup(async () => ({ default: taken }), new Set(['Connect']))
    features.next({ on: true })
    await host.settled()
    expect(kernel.hasModule('lazy')).toBe(false)
    expect(host.loaded()).toEqual([])
    expect(kernel.log().find((e) => e.type === 'MODULE_ERROR')?.payload).toMatchObject({
      moduleId: 'lazy',
      hook: 'load',
      message: 'Plugin lazy was not loaded: the view name "Connect" is taken by the core or another plugin',
    })
  })

  it('says every refusal out loud: one warning naming the plugin and the reason, for each way a plugin is refused (issue 26 §1)', async () => {
    const refusals: [string, () => Promise<{ default: AnyModule }>, string][] = [
      [
        'a failed load',
        async () => {
          throw new Error('chunk missing')
        },
        'chunk missing',
      ],
      ['another id', async () => ({ default: { ...module, id: 'impostor' } }), 'impostor'],
      [
        'an action naming a view it does not have (a typo)',
        async () => ({
          default: { ...module, strings: { en: { open: 'Open' } }, accountActions: [{ id: 'a', label: 'open', view: 'Stast', namespaces: ['eip155'] }] },
        }),
        'Stast',
      ],
    ]
    for (const [, load, reason] of refusals) {
      const warnings: unknown[][] = []
      const { features, host } = setup(load, undefined, { warn: (...args: unknown[]) => void warnings.push(args) })
      features.next({ on: true })
      await host.settled()
      expect(warnings).toHaveLength(1)
      const [message, error] = warnings[0] ?? []
      expect(message).toBe('Airlock: plugin lazy refused:')
      expect(String(error)).toContain(reason)
    }
    // A plugin that loads says nothing.
    const quiet: unknown[] = []
    const { features, host } = setup(undefined, undefined, { warn: (...args: unknown[]) => void quiet.push(args) })
    features.next({ on: true })
    await host.settled()
    expect(host.loaded()).toEqual(['lazy'])
    expect(quiet).toEqual([])
  })

  it('says whether a load is under way', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { features, host } = setup(async () => {
      await gate
      return { default: module }
    })
    expect(host.loading()).toBe(false)
    features.next({ on: true })
    expect(host.loading()).toBe(true)
    release()
    await host.settled()
    expect(host.loading()).toBe(false)
  })

  describe("feature ports (a manifest's `ports`, issue 27 §1)", () => {
    function withPorts(preparePorts: (names: readonly string[]) => Promise<unknown>) {
      const kernel = createKernel({ modules: [], deps: defaultDeps({ storage: memoryStorage() }) })
      const features = new BehaviorSubject<Flags>({ on: false })
      const manifest = definePlugin<Flags>({ id: 'lazy', enabledBy: (f) => f.on, ports: ['frame'], load: async () => ({ default: module }) })
      const plain = definePlugin<Flags>({
        id: 'plain',
        enabledBy: (f) => f.on,
        load: async () => ({ default: defineModule({ id: 'plain', initialState: {} }) }),
      })
      const host = createPluginHost(kernel, [manifest, plain], features, { preparePorts })
      return { kernel, features, host }
    }

    it('makes the ports a plugin names before its module runs, and none while it is off or for a plugin naming none', async () => {
      const asked: (readonly string[])[] = []
      let made = false
      const { kernel, features, host } = withPorts(async (names) => {
        asked.push(names)
        await Promise.resolve()
        made = true
      })
      await host.settled()
      expect(asked).toEqual([])
      let madeWhenAdded: boolean | undefined
      kernel.events$.subscribe((event) => {
        if (event.type === 'PLUGIN_LOADED' && (event.payload as { id: string }).id === 'lazy') madeWhenAdded = made
      })
      features.next({ on: true })
      await host.settled()
      expect(asked).toEqual([['frame']])
      expect(madeWhenAdded).toBe(true)
      expect([...host.loaded()].sort()).toEqual(['lazy', 'plain'])
    })

    it('a port that could not be made fails the load as a chunk would, and the next enablement tries again', async () => {
      let attempts = 0
      const { kernel, features, host } = withPorts(async () => {
        attempts += 1
        if (attempts === 1) throw new Error('chunk fetch failed')
      })
      features.next({ on: true })
      await host.settled()
      expect(kernel.hasModule('lazy')).toBe(false)
      expect(kernel.log().some((event) => event.type === 'MODULE_ERROR' && JSON.stringify(event.payload).includes('chunk fetch failed'))).toBe(true)
      features.next({ on: false })
      features.next({ on: true })
      await host.settled()
      expect(attempts).toBe(2)
      expect(kernel.hasModule('lazy')).toBe(true)
    })
  })
})
