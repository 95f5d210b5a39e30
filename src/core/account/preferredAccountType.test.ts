import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { accountModule } from './module'
import { planPreferredAccountTypeChange, PREFERRED_ACCOUNT_TYPE_STEPS, preferredAccountTypeFailed } from './preferredAccountType'

describe('preferred account type change', () => {
  it('has the five steps of SPEC §4 in order: loading, tell the auth provider, store, reconnect, track', () => {
    const plan = planPreferredAccountTypeChange('eip155', 'smartAccount', 'eip155:1')
    expect(plan.map((s) => s.step)).toEqual([...PREFERRED_ACCOUNT_TYPE_STEPS])
    expect(PREFERRED_ACCOUNT_TYPE_STEPS).toEqual(['setLoading', 'tellAuthProvider', 'store', 'reconnectAuthConnector', 'track'])
  })

  it('its event steps carry the namespace and type, and it ends with the public SET_PREFERRED_ACCOUNT_TYPE (SPEC §4 step 5)', () => {
    const plan = planPreferredAccountTypeChange('eip155', 'smartAccount', 'eip155:1')
    expect(plan[0]).toEqual({
      step: 'setLoading',
      event: { type: 'PREFERRED_ACCOUNT_TYPE_REQUESTED', payload: { namespace: 'eip155', accountType: 'smartAccount' } },
    })
    expect(plan[1]).toEqual({ step: 'tellAuthProvider', accountType: 'smartAccount' })
    expect(plan[2]).toEqual({ step: 'store', event: { type: 'PREFERRED_ACCOUNT_TYPE_STORED', payload: { namespace: 'eip155', accountType: 'smartAccount' } } })
    expect(plan[3]).toEqual({ step: 'reconnectAuthConnector', namespace: 'eip155' })
    expect(plan[4]).toEqual({
      step: 'track',
      event: { type: 'SET_PREFERRED_ACCOUNT_TYPE', payload: { namespace: 'eip155', accountType: 'smartAccount', network: 'eip155:1' } },
    })
  })

  it('needs a chain (SPEC §5, §8 "Chain is required to set account prop")', () => {
    expect(() => planPreferredAccountTypeChange(undefined, 'eoa', null)).toThrow('Chain is required to set account prop')
  })

  it('running the events of the plan then failing leaves the namespace on EOA, not loading (SPEC §4 fallback)', () => {
    const kernel = createKernel({ modules: [accountModule], deps: defaultDeps({ storage: memoryStorage() }) })
    const [loading, , store] = planPreferredAccountTypeChange('eip155', 'smartAccount', null)
    if (loading?.step !== 'setLoading' || store?.step !== 'store') throw new Error('unexpected plan')
    kernel.dispatch(loading.event)
    kernel.dispatch(store.event)
    expect(kernel.getState().account.preferredAccountTypes.eip155).toBe('smartAccount')
    kernel.dispatch(preferredAccountTypeFailed('eip155', 'reconnect failed'))
    expect(kernel.getState().account.preferredAccountTypes.eip155).toBe('eoa')
    expect(kernel.getState().account.pendingAccountType).toBeNull()
  })
})
