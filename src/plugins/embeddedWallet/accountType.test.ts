/**
 * SPEC §4's preferred account type change, step 4 (issue 26 §4: commands are pure): the auth
 * connector tells its listeners of the new account through an effect acting on
 * PREFERRED_ACCOUNT_TYPE_STORED, on the state that event produced. The effect emits events only;
 * no command it emits calls the port.
 */
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import type { Command } from '../../kernel/module'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { unavailableEmbeddedWallet } from '../../embedded/port'
import { testDeps } from '../../../tests/support/testDeps'
import { EMBEDDED_WALLET_CONNECTOR_ID, type PortDeps } from 'airlock/plugin'
import { accountType } from './effects'

const SMART = '0x00000000000000000000000000000000000000aa'

/** The effect on a real kernel, over a frame port whose answers and calls are the test's; what it emits is kept. */
function harness(connectorId: string) {
  const told: string[][] = []
  const asked: string[] = []
  const embedded = {
    ...unavailableEmbeddedWallet(),
    request: async (method: string) => {
      asked.push(method)
      return { type: 'smartAccount', address: SMART }
    },
    accountsChanged: (addresses: readonly string[]) => void told.push([...addresses]),
    setPreferredAccountType: () => undefined,
  } as unknown as PortDeps['embedded']
  const deps = testDeps()
  const kernel = createKernel({ modules: coreModules, deps })
  const { options } = resolveOptions({ projectId: 'test', networks: [ethereum] })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'eip155', connectorId }))
  const emitted: (AirlockEvent | Command)[] = []
  const seen: string[] = []
  kernel.events$.subscribe((event) => seen.push(event.type))
  accountType(kernel.events$, kernel.state$, { ...deps, embedded } as unknown as PortDeps).subscribe((item) => {
    emitted.push(item)
    kernel.dispatch(item)
  })
  return { kernel, emitted, told, asked, seen }
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 2))
}

describe('the preferred account type change (embedded wallet)', () => {
  it('emits events only, and the auth connector tells its listeners of the new account once the setting is stored', async () => {
    const { kernel, emitted, told, asked, seen } = harness(EMBEDDED_WALLET_CONNECTOR_ID)
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', { namespace: 'eip155', accountType: 'smartAccount' }))
    await until(() => seen.includes('SET_PREFERRED_ACCOUNT_TYPE'))
    expect(asked).toEqual(['SET_PREFERRED_ACCOUNT'])
    expect(emitted.map((item) => (typeof item === 'function' ? 'command' : item.type))).toEqual(['PREFERRED_ACCOUNT_TYPE_STORED', 'SET_PREFERRED_ACCOUNT_TYPE'])
    expect(told).toEqual([[SMART]])
    expect(kernel.getState().account.preferredAccountTypes.eip155).toBe('smartAccount')
  })

  it('with another wallet connected, the auth connector tells no one', async () => {
    const { kernel, told, seen } = harness('io.metamask')
    kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_REQUESTED', { namespace: 'eip155', accountType: 'smartAccount' }))
    await until(() => seen.includes('SET_PREFERRED_ACCOUNT_TYPE'))
    expect(seen).toContain('PREFERRED_ACCOUNT_TYPE_STORED')
    expect(told).toEqual([])
  })
})
