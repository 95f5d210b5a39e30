/**
 * The ports as createAirlock hands them to a plugin's effects: a store of the plugin's own keys
 * (a corrupt one resets alone, core keys and the plugin's other keys stay), the Blockchain API at
 * the `apiUrls.blockchain` the site set, and ports a test replaces through the setup.
 */
import { afterEach, describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { EMPTY } from 'rxjs'
import { createAirlock, defineModule, definePlugin, type AirlockInstance, type PortDeps } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { STORAGE_CORRUPT_WARNING } from '../../src/kernel/storage'
import { walletWith } from '../support/testDeps'

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

/** A plugin that declares two keys and reads both when its effect starts. */
function notesPlugin(seen: { deps?: PortDeps; read?: unknown[] }) {
  return definePlugin({
    id: 'notes',
    enabledBy: () => true,
    load: async () => ({
      default: defineModule<null, PortDeps>({
        id: 'notes',
        initialState: null,
        storage: { last: t.string, count: t.number },
        effects: {
          start: (_events$, _state$, deps) => {
            seen.deps = deps
            seen.read = [deps.store.read('last'), deps.store.read('count')]
            return EMPTY
          },
        },
      }),
    }),
  })
}

function start(options: Record<string, unknown>, storage: ReturnType<typeof memoryStorage>, setup: Parameters<typeof createAirlock>[1] = {}) {
  const warnings: string[] = []
  const airlock = createAirlock(
    { projectId: 'p-1', disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api' }, ...options },
    { ...setup, deps: { storage, fetch: undefined, logger: { warn: (m: string) => void warnings.push(m), error: () => undefined }, ...setup.deps } },
  )
  running.push(airlock)
  return { airlock, warnings }
}

describe("a plugin's storage keys", () => {
  it("a corrupt key resets alone, with a warning; core keys and the plugin's other key stay", async () => {
    const storage = memoryStorage({
      '@airlock/active_namespace': '"eip155"',
      '@airlock/connection_status': '"disconnected"',
      '@airlock/notes/last': '"hello"',
      '@airlock/notes/count': '"three"',
    })
    const seen: { read?: unknown[] } = {}
    const { airlock, warnings } = start({ plugins: [notesPlugin(seen)] }, storage)
    await airlock.ready()
    expect(seen.read).toEqual(['hello', undefined])
    expect(warnings).toContain(`${STORAGE_CORRUPT_WARNING} @airlock/notes/count`)
    expect(storage.dump()).toEqual({
      '@airlock/active_namespace': '"eip155"',
      '@airlock/connection_status': '"disconnected"',
      '@airlock/notes/last': '"hello"',
    })
    expect(airlock.getState().account.activeNamespace).toBe('eip155')
  })
})

describe('the ports a plugin receives', () => {
  it('carry the Blockchain API base URL the site set', async () => {
    const seen: { deps?: PortDeps } = {}
    const { airlock } = start(
      { plugins: [notesPlugin(seen)], apiUrls: { config: 'http://127.0.0.1:9/api', blockchain: 'http://127.0.0.1:9/chain' } },
      memoryStorage(),
    )
    await airlock.ready()
    expect(seen.deps?.api.baseUrl).toBe('http://127.0.0.1:9/chain')
    expect(seen.deps?.wallet.connection()).toBeUndefined()
  })

  it('are replaced by the ones a test passes in the setup', async () => {
    const seen: { deps?: PortDeps } = {}
    const connection = {
      namespace: 'eip155',
      connectorId: 'fake',
      address: '0x1',
      caipNetworkId: 'eip155:1',
      caipAddress: 'eip155:1:0x1',
      request: async () => null,
      signMessage: async () => '0xsig',
    } as const
    const { airlock } = start({ plugins: [notesPlugin(seen)] }, memoryStorage(), { ports: { wallet: walletWith(connection) } })
    await airlock.ready()
    expect(await seen.deps?.wallet.connection()?.signMessage('x')).toBe('0xsig')
  })
})
