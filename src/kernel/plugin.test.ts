import { describe, expect, it } from 'vitest'
import { BehaviorSubject } from 'rxjs'
import { createKernel } from './kernel'
import { defineModule } from './module'
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

function setup(load = async () => ({ default: module })) {
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
  const host = createPluginHost(kernel, [manifest], features)
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
})
