import { describe, expect, it } from 'vitest'
import { AirlockError } from '../../kernel/errors'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { setPreferredAccountType, updateChainAccountData } from './commands'

function thrown(run: () => unknown): AirlockError {
  try {
    run()
  } catch (error) {
    if (error instanceof AirlockError) return error
    throw error
  }
  throw new Error('expected an AirlockError')
}

describe('account commands', () => {
  it('updateChainAccountData without a chain throws "Chain is required to update chain account data" (SPEC §5, §8)', () => {
    expect(thrown(() => updateChainAccountData(undefined, 'eip155:1', ['0x1'])).message).toBe('Chain is required to update chain account data')
  })

  it('an unknown namespace counts as no chain (SPEC §5)', () => {
    const error = thrown(() => setPreferredAccountType('tron' as ChainNamespace, 'eoa', null))
    expect(error.message).toBe('Chain is required to set account prop')
    expect(error.category).toBe('INTERNAL_SDK_ERROR')
    expect(error.details).toContain('tron')
  })

  it('with a chain updateChainAccountData returns the event to dispatch (SPEC §3 account state)', () => {
    expect(updateChainAccountData('solana', 'solana:x', ['So1', 'So2'])).toEqual({
      type: 'ACCOUNTS_CHANGED',
      payload: {
        namespace: 'solana',
        address: 'So1',
        caipAddress: 'solana:x:So1',
        allAccounts: [
          { address: 'So1', type: 'eoa' },
          { address: 'So2', type: 'eoa' },
        ],
      },
    })
    expect(updateChainAccountData('solana', 'solana:x', []).payload).toMatchObject({ address: null, caipAddress: null, allAccounts: [] })
  })

  it('setPreferredAccountType returns SET_PREFERRED_ACCOUNT_TYPE with the network, and needs a chain (SPEC §4 step 5)', () => {
    expect(setPreferredAccountType('eip155', 'smartAccount', 'eip155:8453')).toEqual({
      type: 'SET_PREFERRED_ACCOUNT_TYPE',
      payload: { namespace: 'eip155', accountType: 'smartAccount', network: 'eip155:8453' },
    })
    expect(thrown(() => setPreferredAccountType(undefined, 'eoa', null)).message).toBe('Chain is required to set account prop')
  })
})
