/**
 * A plugin contributes a connector (its module's `connectors`, issue 26 §3): when it loads, the core
 * registers the provider the connector's factory makes (from the plugin's own deps) and adds the
 * connector on the namespaces it names that the site configured; the visitor connects to it as to
 * any wallet. The embedded wallet is built on this; here a plugin of a site's own, in Node, on a
 * real instance and the real eip155 adapter.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createAirlock, defineModule, definePlugin, ethereum, type AirlockInstance, type PortDeps } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import type { WalletProvider } from '../../src/chains/adapter'

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

/** A wallet that answers the connect's requests on chain 1. */
function wallet(): WalletProvider & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    async request({ method }) {
      calls.push(method)
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [ADDRESS]
        case 'eth_chainId':
          return '0x1'
        case 'eth_getBalance':
          return '0x0'
        default:
          return null
      }
    },
    on: () => undefined,
    removeListener: () => undefined,
  }
}

function start(provider: WalletProvider, made: PortDeps[]) {
  const plugin = definePlugin({
    id: 'vault',
    enabledBy: () => true,
    load: async () => ({
      default: defineModule<null, PortDeps>({
        id: 'vault',
        initialState: null,
        connectors: [
          {
            id: 'vault',
            name: 'Vault',
            type: 'INJECTED',
            namespaces: ['eip155', 'solana'],
            provider: (deps) => {
              made.push(deps)
              return provider
            },
          },
        ],
      }),
    }),
  })
  const airlock = createAirlock(
    { projectId: 'p-1', disableAppend: true, networks: [ethereum], apiUrls: { config: 'http://127.0.0.1:9/api' }, plugins: [plugin] },
    { deps: { storage: memoryStorage(), fetch: undefined, logger: { warn: () => undefined, error: () => undefined } } },
  )
  running.push(airlock)
  return airlock
}

describe("a plugin's connector", () => {
  it('is added on the namespaces it names that the site configured, its provider made once from the plugin’s deps', async () => {
    const made: PortDeps[] = []
    const airlock = start(wallet(), made)
    await airlock.ready()
    const vault = airlock.getState().connectors.connectors.filter((connector) => connector.id === 'vault')
    expect(vault).toEqual([{ id: 'vault', name: 'Vault', type: 'INJECTED', chain: 'eip155' }])
    expect(made).toHaveLength(1)
    expect(typeof made[0]?.store.read).toBe('function')
  })

  it('connects through the provider it contributed, as any wallet', async () => {
    const provider = wallet()
    const airlock = start(provider, [])
    await airlock.ready()
    await airlock.connect('vault')
    expect(airlock.getState().account.accounts.eip155.address?.toLowerCase()).toBe(ADDRESS)
    expect(provider.calls).toContain('eth_requestAccounts')
  })
})
