/**
 * Issue 26 §1: a plugin outside the repo adds its feature switch and its options without editing
 * the core: the manifest declares the switch (its default, the config API entry that may set it)
 * and the options (their io-ts codecs), and registers their types by augmentation. On a real
 * instance: defaults, the site's values, `setFeatures`, the config API's answer (and the wait for
 * it), and bad values refused with the options' message (SPEC §8).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as t from 'io-ts'
import { createAirlock, ethereum, type AirlockInstance, type AirlockOptions } from '../../src/index'
import { defineModule, definePlugin, selectPluginOption, type Features } from '../../src/plugin'
import { memoryStorage } from '../../src/kernel/deps'

declare module '../../src/plugin' {
  interface FeatureRegistry {
    signMessage: boolean
  }
  interface OptionRegistry {
    signMessage?: { readonly prefix: string }
  }
}

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

const quiet = { warn: () => undefined, error: () => undefined }

function signMessagePlugin() {
  let loads = 0
  const manifest = definePlugin<Features>({
    id: 'signMessage',
    enabledBy: (features) => features.signMessage === true,
    features: { signMessage: { default: true, remote: 'sign_message' } },
    options: { signMessage: t.type({ prefix: t.string }, 'SignMessageOptions') },
    load: async () => {
      loads += 1
      return { default: defineModule({ id: 'signMessage', initialState: {} }) }
    },
  })
  return { manifest, loads: () => loads }
}

/** A config API whose answer waits for `answer` (the site's remote service; our code is all real). */
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

function start(options: Partial<AirlockOptions>, fetch?: typeof globalThis.fetch) {
  const airlock = createAirlock(
    { projectId: 'p', networks: [ethereum], disableAppend: true, ...options },
    { deps: { storage: memoryStorage(), fetch, window: undefined, logger: quiet } },
  )
  running.push(airlock)
  return airlock
}

describe("a plugin's feature switch", () => {
  it('is on by its declared default, off when the site says so, and follows setFeatures', async () => {
    const byDefault = signMessagePlugin()
    const on = start({ plugins: [byDefault.manifest] })
    await on.ready()
    expect(on.getState().options.features.signMessage).toBe(true)
    expect(on.loadedPlugins()).toContain('signMessage')

    const switchedOff = signMessagePlugin()
    const off = start({ plugins: [switchedOff.manifest], features: { signMessage: false } })
    await off.ready()
    expect(off.loadedPlugins()).not.toContain('signMessage')
    expect(switchedOff.loads()).toBe(0)
    off.setFeatures({ signMessage: true })
    await off.ready()
    expect(off.loadedPlugins()).toContain('signMessage')
  })

  it('a value that is not a boolean is refused with the options message', () => {
    const { manifest } = signMessagePlugin()
    expect(() => start({ plugins: [manifest], features: { signMessage: 'yes' as never } })).toThrow(
      'Invalid options: features.signMessage: expected boolean, got "yes"',
    )
  })

  it('the config API sets it by the entry id the plugin declared; until it answers the plugin waits, and a site value it overrides is warned about', async () => {
    const config = heldConfig()
    const plugin = signMessagePlugin()
    const airlock = start({ plugins: [plugin.manifest], features: { signMessage: true }, apiUrls: { config: 'http://127.0.0.1:9/api' } }, config.fetch)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(airlock.getState().options.remoteStatus).toBe('loading')
    expect(plugin.loads()).toBe(0)
    config.answer([{ id: 'sign_message', isEnabled: false }])
    await vi.waitFor(() => expect(airlock.getState().options.remoteStatus).toBe('loaded'))
    await airlock.ready()
    expect(airlock.getState().options.features.signMessage).toBe(false)
    expect(plugin.loads()).toBe(0)
    expect(airlock.getState().options.alerts.map((alert) => alert.longMessage)).toContainEqual(
      expect.stringContaining('Your local configuration for signMessage was ignored'),
    )
  })

  it("an answer that turns it on loads the plugin; one without the plugin's entry leaves its default", async () => {
    for (const [features, loaded] of [
      [[{ id: 'sign_message', isEnabled: true }], true],
      [[{ id: 'swap', isEnabled: false }], true],
    ] as const) {
      const config = heldConfig()
      const plugin = signMessagePlugin()
      const airlock = start({ plugins: [plugin.manifest], apiUrls: { config: 'http://127.0.0.1:9/api' } }, config.fetch)
      config.answer([...features])
      await vi.waitFor(() => expect(airlock.getState().options.remoteStatus).toBe('loaded'))
      await airlock.ready()
      expect(airlock.loadedPlugins().includes('signMessage')).toBe(loaded)
    }
  })

  it("a malformed entry of the plugin's id fails the answer as a malformed core entry does (the local switches stay)", async () => {
    const config = heldConfig()
    const plugin = signMessagePlugin()
    const airlock = start({ plugins: [plugin.manifest], apiUrls: { config: 'http://127.0.0.1:9/api' } }, config.fetch)
    config.answer([{ id: 'sign_message', isEnabled: 'yes' }])
    await vi.waitFor(() => expect(airlock.getState().options.remoteStatus).toBe('failed'))
    await airlock.ready()
    expect(airlock.loadedPlugins()).toContain('signMessage')
  })
})

describe("a plugin's options", () => {
  it('are decoded with its codec and read with selectPluginOption', async () => {
    const { manifest } = signMessagePlugin()
    const airlock = start({ plugins: [manifest], signMessage: { prefix: 'Sign in to Shop' } })
    expect(selectPluginOption(airlock.getState(), 'signMessage')).toEqual({ prefix: 'Sign in to Shop' })
    const without = start({ plugins: [signMessagePlugin().manifest] })
    expect(selectPluginOption(without.getState(), 'signMessage')).toBeUndefined()
  })

  it('a bad value is refused with the options message, naming the option', () => {
    const { manifest } = signMessagePlugin()
    expect(() => start({ plugins: [manifest], signMessage: { prefix: 1 as never } })).toThrow('Invalid options: signMessage.prefix: expected string, got 1')
  })

  it('their types come from the registry: a wrong option or switch does not compile', () => {
    const check = (options: AirlockOptions) => options
    // @ts-expect-error -- prefix is a string
    check({ signMessage: { prefix: 1 } })
    // @ts-expect-error -- no such switch
    check({ features: { signMesage: true } })
    // @ts-expect-error -- no such option
    selectPluginOption(start({}).getState(), 'signMesage')
    expect(check({ signMessage: { prefix: 'ok' }, features: { signMessage: false } }).features).toEqual({ signMessage: false })
  })
})
