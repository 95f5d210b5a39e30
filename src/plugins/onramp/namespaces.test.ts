/**
 * SPEC §9 on-ramp "Namespaces eip155 and solana": the Buy action the plugin brings shows on an
 * account of those namespaces only. The plugin's own contribution, loaded into a kernel with the
 * core modules the Account view reads, on Ethereum, Solana and Bitcoin in turn.
 */
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { optionsModule } from '../../core/options/module'
import { networksModule } from '../../core/networks/module'
import { connectorsModule } from '../../core/connectors/module'
import { accountModule } from '../../core/account/module'
import { contributionsModule } from '../../core/contributions/module'
import { resolveOptions } from '../../core/options/resolve'
import { selectAccountActions } from '../../core/contributions/selectors'
import { ethereum } from '../../core/networks/chains/ethereum'
import { solana } from '../../core/networks/chains/solana'
import { bitcoin } from '../../core/networks/chains/bitcoin'
import { contributionsOf } from '../../kernel/contributions'
import onrampModule from './index'

describe('on-ramp namespaces (SPEC §9 "Namespaces eip155 and solana")', () => {
  it('offers Buy on eip155 and solana, not on another namespace', () => {
    const kernel = createKernel({
      modules: [optionsModule, networksModule, connectorsModule, accountModule, contributionsModule],
      deps: defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined }),
    })
    kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [ethereum, solana, bitcoin] }).options }))
    kernel.dispatch(createEvent('PLUGIN_LOADED', { id: onrampModule.id, ...contributionsOf(onrampModule, new Set()) }))
    const buyOn = (caipNetworkId: string) => {
      kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId }))
      expect(kernel.getState().networks.activeCaipNetworkId).toBe(caipNetworkId)
      return selectAccountActions(kernel.getState()).some((action) => action.moduleId === 'onramp' && action.view === 'BuyCrypto')
    }
    expect(buyOn(ethereum.caipNetworkId)).toBe(true)
    expect(buyOn(solana.caipNetworkId)).toBe(true)
    expect(buyOn(bitcoin.caipNetworkId)).toBe(false)
  })
})
