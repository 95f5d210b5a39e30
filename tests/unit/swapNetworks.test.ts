/**
 * The swap plugin's list of built-in chains that are not swap networks (src/plugins/swap/namespaces.ts,
 * which imports only `airlock/plugin` and so cannot read the built-in list) is exactly the built-in
 * eip155 chains missing from SPEC §9's 12 swap networks: a chain added to the built-ins shows here.
 */
import { describe, expect, it } from 'vitest'
import { BUILT_IN_CHAINS } from '../../src/core/networks/chains/builtIn'
import { BUILT_IN_NON_SWAP_NETWORKS, SWAP_NAMESPACES, SWAP_NETWORKS } from '../../src/plugins/swap/namespaces'

describe('swap networks and the built-in chains (SPEC §9)', () => {
  it('BUILT_IN_NON_SWAP_NETWORKS is the built-in chains of the swap namespaces that are not swap networks', () => {
    const builtIn = BUILT_IN_CHAINS.filter((n) => SWAP_NAMESPACES.includes(n.chainNamespace)).map((n) => n.caipNetworkId)
    expect([...BUILT_IN_NON_SWAP_NETWORKS].sort()).toEqual(builtIn.filter((id) => !SWAP_NETWORKS.includes(id)).sort())
    // Every built-in swap network is one of the 12.
    expect(builtIn.filter((id) => SWAP_NETWORKS.includes(id)).sort()).toEqual(
      [
        'eip155:1',
        'eip155:10',
        'eip155:56',
        'eip155:100',
        'eip155:137',
        'eip155:324',
        'eip155:8453',
        'eip155:42161',
        'eip155:43114',
        'eip155:1313161554',
      ].sort(),
    )
  })
})
