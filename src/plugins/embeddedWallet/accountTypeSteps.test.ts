/**
 * SPEC §4 "Preferred account type change", all five steps on one timeline, in their order:
 * 1. loading is set, 2. the auth provider is told, 3. the setting is stored, 4. the auth connector
 * reconnects, 5. a SET_PREFERRED_ACCOUNT_TYPE event is tracked; and "A failed set falls back to
 * EOA". The plugin's effect on a real kernel with the core modules; the frame port is the test's,
 * recording what it is told on the same timeline as the events and the state each one leaves.
 */
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { createEvent } from '../../kernel/registry'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { unavailableEmbeddedWallet } from '../../embedded/port'
import { testDeps } from '../../../tests/support/testDeps'
import { EMBEDDED_WALLET_CONNECTOR_ID, type PortDeps } from 'airlock/plugin'
import { selectAccountTypeLoading } from '../../core/account/selectors'
import { accountType } from './effects'
import { embeddedWalletCommands } from './commands'

const SMART = '0x00000000000000000000000000000000000000aa'

/** The effect on a real kernel with the auth connector active; every step lands on `timeline`. */
function harness(answer: () => Promise<unknown>) {
  const timeline: string[] = []
  const embedded = {
    ...unavailableEmbeddedWallet(),
    request: async (method: string, params: { type: string }) => {
      timeline.push(`auth provider: ${method} ${params.type}`)
      return answer()
    },
    setPreferredAccountType: (type: string) => void timeline.push(`auth provider: use ${type}`),
    accountsChanged: (addresses: readonly string[]) => void timeline.push(`auth connector: accountsChanged ${addresses.join()}`),
  } as unknown as PortDeps['embedded']
  const deps = testDeps()
  const kernel = createKernel({ modules: coreModules, deps })
  const { options } = resolveOptions({ projectId: 'test', networks: [ethereum] })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'eip155', connectorId: EMBEDDED_WALLET_CONNECTOR_ID }))
  // Each event with what the state says after it: loading, the account's type, the stored type.
  kernel.events$.subscribe((event) => {
    if (!event.type.includes('PREFERRED_ACCOUNT_TYPE')) return
    const state = kernel.getState()
    const loading = selectAccountTypeLoading(state) ? 'loading' : 'not loading'
    timeline.push(`${event.type} (${loading}, type ${state.account.preferredAccountTypes.eip155}, stored ${state.storage.preferredAccountTypes?.eip155})`)
  })
  accountType(kernel.events$, kernel.state$, { ...deps, embedded } as unknown as PortDeps).subscribe((item) => kernel.dispatch(item))
  return { kernel, timeline }
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 2))
}

describe('the preferred account type change, step by step (SPEC §4)', () => {
  it('loading, the auth provider told, the setting stored, the auth connector reconnected, SET_PREFERRED_ACCOUNT_TYPE: in that order', async () => {
    const { kernel, timeline } = harness(async () => ({ type: 'smartAccount', address: SMART }))
    for (const event of embeddedWalletCommands.setAccountType(kernel.getState(), 'smartAccount')) kernel.dispatch(event)
    await until(() => timeline.some((line) => line.startsWith('SET_PREFERRED_ACCOUNT_TYPE')))
    expect(timeline).toEqual([
      'PREFERRED_ACCOUNT_TYPE_REQUESTED (loading, type undefined, stored undefined)',
      'auth provider: SET_PREFERRED_ACCOUNT smartAccount',
      'auth provider: use smartAccount',
      'PREFERRED_ACCOUNT_TYPE_STORED (loading, type smartAccount, stored smartAccount)',
      `auth connector: accountsChanged ${SMART}`,
      'SET_PREFERRED_ACCOUNT_TYPE (not loading, type smartAccount, stored smartAccount)',
    ])
  })

  it('while one change runs, another is not started', async () => {
    const { kernel } = harness(() => new Promise(() => {}))
    for (const event of embeddedWalletCommands.setAccountType(kernel.getState(), 'smartAccount')) kernel.dispatch(event)
    expect(selectAccountTypeLoading(kernel.getState())).toBe(true)
    expect(embeddedWalletCommands.setAccountType(kernel.getState(), 'eoa')).toEqual([])
  })

  it('a failed set falls back to EOA: the auth provider uses it, the account and storage say it, loading ends, nothing reconnects', async () => {
    const { kernel, timeline } = harness(() => Promise.reject(new Error('the frame refused')))
    for (const event of embeddedWalletCommands.setAccountType(kernel.getState(), 'smartAccount')) kernel.dispatch(event)
    await until(() => timeline.some((line) => line.startsWith('PREFERRED_ACCOUNT_TYPE_FAILED')))
    expect(timeline).toEqual([
      'PREFERRED_ACCOUNT_TYPE_REQUESTED (loading, type undefined, stored undefined)',
      'auth provider: SET_PREFERRED_ACCOUNT smartAccount',
      'auth provider: use eoa',
      'PREFERRED_ACCOUNT_TYPE_FAILED (not loading, type eoa, stored eoa)',
    ])
  })
})
