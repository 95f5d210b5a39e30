/**
 * Issue 26 §1: a plugin's requirements by name (`needs: ['blockchainApi']`), checked before its
 * module loads against the core's requirements and those plugins declare (`requirements`), on a
 * real instance. A need not met is the site's configuration: the plugin is not loaded, and the
 * instance says so at debug level only. A need nobody declares is the author's mistake: refused,
 * with one warning naming the plugin.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createAirlock, ethereum, type AirlockInstance } from '../../src/index'
import { defineModule, definePlugin, type Features, type RequirementCheck, type RequirementName } from '../../src/plugin'
import { memoryStorage } from '../../src/kernel/deps'

declare module '../../src/plugin' {
  interface RequirementRegistry {
    /** The test's own: the site set a Blockchain API on its own host. */
    ownBlockchainHost: true
  }
}

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

/** A plugin that needs `needs`, with a module of its own id, always enabled. */
function pluginNeeding(id: string, needs: readonly RequirementName[], extra: object = {}) {
  let loads = 0
  const manifest = definePlugin<Features>({
    id,
    enabledBy: () => true,
    needs,
    load: async () => {
      loads += 1
      return { default: defineModule({ id, initialState: {} }) }
    },
    ...extra,
  })
  return { manifest, loads: () => loads }
}

/** An instance with `plugins`, its console recorded. */
async function instance(plugins: ReturnType<typeof pluginNeeding>['manifest'][], blockchain?: string) {
  const said = { warn: [] as unknown[][], error: [] as unknown[][], debug: [] as unknown[][] }
  const logger = {
    warn: (...args: unknown[]) => void said.warn.push(args),
    error: (...args: unknown[]) => void said.error.push(args),
    debug: (...args: unknown[]) => void said.debug.push(args),
  }
  const airlock = createAirlock(
    { projectId: 'p', networks: [ethereum], plugins, disableAppend: true, ...(blockchain && { apiUrls: { blockchain } }) },
    { deps: { storage: memoryStorage(), fetch: undefined, window: undefined, logger } },
  )
  running.push(airlock)
  const errors: string[] = []
  airlock._internal.events$.subscribe((event) => {
    if (event.type === 'MODULE_ERROR') errors.push(event.payload.moduleId)
  })
  await airlock.ready()
  return { airlock, said, errors }
}

describe("a plugin's needs, by name", () => {
  it('a core requirement not met: the plugin is not loaded (its chunk not even fetched), said at debug level, not warned', async () => {
    const charts = pluginNeeding('charts', ['blockchainApi'])
    const { airlock, said, errors } = await instance([charts.manifest])
    expect(airlock.loadedPlugins()).not.toContain('charts')
    expect(charts.loads()).toBe(0)
    expect(said.debug).toContainEqual(['Airlock: plugin charts not loaded: it needs blockchainApi'])
    expect(said.warn).toEqual([])
    expect(errors).toEqual([])
    // The built-in embedded wallet likewise, on a page with no secure site (email and socials are on by default).
    expect(airlock.loadedPlugins()).not.toContain('embeddedWallet')
    expect(said.debug).toContainEqual(['Airlock: plugin embeddedWallet not loaded: it needs secureSite'])
  })

  it('a core requirement met: the plugin loads, and nothing is said', async () => {
    const charts = pluginNeeding('charts', ['blockchainApi', 'projectId'])
    const { airlock, said } = await instance([charts.manifest], 'https://api.example.test')
    expect(airlock.loadedPlugins()).toContain('charts')
    expect(said.debug.filter(([message]) => String(message).includes('charts'))).toEqual([])
    expect(said.warn).toEqual([])
  })

  it("a plugin's own requirement, with its check: it and any other plugin may need it", async () => {
    const ownHost: RequirementCheck = (state) => state.options.resolved?.apiUrls.blockchain?.startsWith('https://api.site.test') ?? false
    const declaring = () => pluginNeeding('hosted', ['ownBlockchainHost'], { requirements: { ownBlockchainHost: ownHost } })
    const naming = () => pluginNeeding('alsoHosted', ['ownBlockchainHost'])

    const met = await instance([declaring().manifest, naming().manifest], 'https://api.site.test/v1')
    expect(met.airlock.loadedPlugins()).toEqual(expect.arrayContaining(['hosted', 'alsoHosted']))

    const unmet = await instance([declaring().manifest, naming().manifest], 'https://api.example.test')
    expect(unmet.airlock.loadedPlugins()).not.toContain('hosted')
    expect(unmet.airlock.loadedPlugins()).not.toContain('alsoHosted')
    expect(unmet.said.debug).toContainEqual(['Airlock: plugin hosted not loaded: it needs ownBlockchainHost'])
    expect(unmet.said.warn).toEqual([])
  })

  it("a plugin's declaration does not replace a core requirement of the same name", async () => {
    const sneaky = pluginNeeding('sneaky', ['blockchainApi'], { requirements: { blockchainApi: () => true } })
    const { airlock } = await instance([sneaky.manifest])
    expect(airlock.loadedPlugins()).not.toContain('sneaky')
  })

  it('a need nobody declares (a typo, or a requirement of a plugin the site did not install): refused, one warning naming the plugin and the need', async () => {
    // @ts-expect-error -- not a requirement: the registry holds 'blockchainApi'
    const typo = pluginNeeding('typo', ['blockchainAPI'])
    const { airlock, said, errors } = await instance([typo.manifest], 'https://api.example.test')
    expect(airlock.loadedPlugins()).not.toContain('typo')
    expect(typo.loads()).toBe(0)
    expect(said.warn).toHaveLength(1)
    const [message, error] = said.warn[0] ?? []
    expect(message).toBe('Airlock: plugin typo refused:')
    expect(String(error)).toContain('Plugin typo was not loaded: it needs "blockchainAPI", which neither the core nor a plugin declares')
    expect(errors).toContain('typo')
  })
})
