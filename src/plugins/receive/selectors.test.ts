import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { polygon } from '../../core/networks/chains/polygon'
import { solana } from '../../core/networks/chains/solana'
import { selectReceiveTarget } from './selectors'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

function setup() {
  const kernel = createKernel({ modules: coreModules, deps: defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined }) })
  const options = resolveOptions({ projectId: 'p', networks: [ethereum, polygon, solana], tokens: { [ethereum.caipNetworkId]: { address: USDC } } }).options
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  return kernel
}

describe('what Receive shows (SPEC §1 receive)', () => {
  it('nothing until an account is connected in the active namespace', () => {
    expect(selectReceiveTarget(setup().getState())).toBeNull()
  })

  it('the address on the active network, the namespace’s networks it receives on, and the tokens the site lists for them', () => {
    const kernel = setup()
    kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'w', caipAddress: `eip155:1:${ADDRESS}` }))
    kernel.dispatch(
      createEvent('ACCOUNT_CONNECTED', {
        namespace: 'eip155',
        address: ADDRESS,
        caipAddress: `eip155:1:${ADDRESS}`,
        allAccounts: [{ address: ADDRESS, type: 'eoa' }],
        connectedWalletInfo: { name: 'W' },
      }),
    )
    const target = selectReceiveTarget(kernel.getState())
    expect(target?.address).toBe(ADDRESS)
    expect(target?.network.caipNetworkId).toBe('eip155:1')
    // Solana is another namespace: an EVM address does not receive there.
    expect(target?.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:137'])
    expect(target?.tokens).toEqual([{ network: ethereum, address: USDC }])
    // The same state gives the same object.
    expect(selectReceiveTarget(kernel.getState())).toBe(target)
  })
})
