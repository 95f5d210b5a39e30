import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { accountModule } from './module'
import {
  selectAccount,
  selectAccountTypeLoading,
  selectActiveAccount,
  selectActiveAddress,
  selectActiveCaipAddress,
  selectActiveNamespace,
  selectCaipAddress,
  selectPreferredAccountType,
} from './selectors'

function start() {
  return createKernel({ modules: [accountModule], deps: defaultDeps({ storage: memoryStorage() }) })
}

describe('account selectors', () => {
  it('selectAccount gives one selector per namespace and the same record while it is unchanged (stable references)', () => {
    const kernel = start()
    expect(selectAccount('eip155')).toBe(selectAccount('eip155'))
    kernel.dispatch(
      createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: '0x1', caipAddress: 'eip155:1:0x1', allAccounts: [{ address: '0x1', type: 'eoa' }] }),
    )
    const first = selectAccount('eip155')(kernel.getState())
    kernel.dispatch(
      createEvent('ACCOUNTS_CHANGED', {
        namespace: 'solana',
        address: 'So1',
        caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So1',
        allAccounts: [{ address: 'So1', type: 'eoa' }],
      }),
    )
    expect(selectAccount('eip155')(kernel.getState())).toBe(first)
    expect(selectAccount('solana')(kernel.getState()).address).toBe('So1')
  })

  it('selectCaipAddress reads the CAIP-10 address of a namespace (SPEC §3 caipAddress)', () => {
    const kernel = start()
    expect(selectCaipAddress('eip155')(kernel.getState())).toBeNull()
    kernel.dispatch(
      createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: '0x1', caipAddress: 'eip155:1:0x1', allAccounts: [{ address: '0x1', type: 'eoa' }] }),
    )
    expect(selectCaipAddress('eip155')(kernel.getState())).toBe('eip155:1:0x1')
  })

  it('the active address follows the active namespace (SPEC §3 account state, §4 switch network)', () => {
    const kernel = start()
    expect(selectActiveAddress(kernel.getState())).toBeNull()
    expect(selectActiveAccount(kernel.getState())).toBeNull()
    kernel.dispatch(
      createEvent('ACCOUNTS_CHANGED', { namespace: 'eip155', address: '0x1', caipAddress: 'eip155:1:0x1', allAccounts: [{ address: '0x1', type: 'eoa' }] }),
    )
    kernel.dispatch(
      createEvent('ACCOUNTS_CHANGED', {
        namespace: 'solana',
        address: 'So1',
        caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So1',
        allAccounts: [{ address: 'So1', type: 'eoa' }],
      }),
    )
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' }))
    expect(selectActiveNamespace(kernel.getState())).toBe('eip155')
    expect(selectActiveAddress(kernel.getState())).toBe('0x1')
    expect(selectActiveCaipAddress(kernel.getState())).toBe('eip155:1:0x1')
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))
    expect(selectActiveAddress(kernel.getState())).toBe('So1')
  })

  it('the preferred type is the stored choice, else the default of the options (SPEC §3, §9 default account types)', () => {
    const kernel = start()
    expect(selectPreferredAccountType('eip155')(kernel.getState())).toBeUndefined()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: { preferredAccountTypes: { solana: 'eoa' } } }))
    expect(selectPreferredAccountType('solana')(kernel.getState())).toBe('eoa')
    kernel.dispatch(createEvent('SET_PREFERRED_ACCOUNT_TYPE', { namespace: 'eip155', accountType: 'smartAccount', network: null }))
    expect(selectPreferredAccountType('eip155')(kernel.getState())).toBe('smartAccount')
  })

  it('loading is on while a preferred account type change runs (SPEC §4 step 1)', () => {
    const kernel = start()
    expect(selectAccountTypeLoading(kernel.getState())).toBe(false)
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', { namespace: 'eip155', accountType: 'eoa' }))
    expect(selectAccountTypeLoading(kernel.getState())).toBe(true)
  })
})
