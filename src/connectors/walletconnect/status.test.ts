/**
 * SPEC §4 connection status: "During an on-device pairing flow the status goes connecting, then
 * connected." The WalletConnect effects on a real kernel with the core modules; the relay client
 * is the test's (its wallet approves when told), the eip155 adapter the real one.
 */
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { createEvent } from '../../kernel/registry'
import { eip155Adapter } from '../../chains/eip155/adapter'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { createWalletModule } from '../module'
import { createConnectorRuntime } from '../runtime'
import * as walletEffects from '../effects/walletEffects'
import type { RelaySession, WalletConnectClient } from './client'
import { WALLET_CONNECT_ID } from './port'
import { testDeps } from '../../../tests/support/testDeps'
import { until } from '../../../tests/support/until'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function harness() {
  let approve: (session: RelaySession) => void = () => undefined
  const client: WalletConnectClient = {
    pair: async () => ({
      uri: `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=00`,
      expiry: Date.now() + 300_000,
      approval: new Promise<RelaySession>((resolve) => (approve = resolve)),
      drop: async () => undefined,
    }),
    pairWithSignIn: () => Promise.reject(new Error('one-click sign-in is not asked here')),
    signInMessage: () => '',
    sessions: () => [],
    request: async () => null,
    disconnect: async () => undefined,
    on: () => () => undefined,
  }
  const runtime = createConnectorRuntime({
    walletConnect: { load: async () => client },
    loadAdapter: async (namespace) => (namespace === 'eip155' ? eip155Adapter : undefined),
    readerFor: () => undefined,
  })
  const kernel = createKernel({ modules: [...coreModules, createWalletModule(runtime, async () => walletEffects)], deps: testDeps() })
  const statuses: string[] = []
  kernel.events$.subscribe(() => {
    const status = kernel.getState().connection.status
    if (statuses.at(-1) !== status) statuses.push(status)
  })
  const { options } = resolveOptions({ projectId: 'test', networks: [ethereum] })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  return { kernel, statuses, approve: (session: RelaySession) => approve(session) }
}

describe('the status through a WalletConnect pairing (SPEC §4)', () => {
  it('disconnected, then connecting while the code waits to be scanned, then connected once the wallet approves', async () => {
    const { kernel, statuses, approve } = harness()
    expect(kernel.getState().connection.status).toBe('disconnected')
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: WALLET_CONNECT_ID }))
    await until(() => kernel.getState().connection.wcUri !== null, 5_000, 'the pairing URI')
    expect(kernel.getState().connection.status).toBe('connecting')
    approve({
      topic: 'cd'.repeat(32),
      namespaces: { eip155: { accounts: [`eip155:1:${ADDRESS}`], methods: ['personal_sign'], events: ['chainChanged'] } },
      peer: { name: 'Rainbow', url: 'https://rainbow.me', icons: [] },
      expiry: Math.floor(Date.now() / 1000) + 3600,
    })
    await until(() => kernel.getState().connection.status === 'connected', 5_000, 'connected')
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
    expect(kernel.getState().account.accounts.eip155?.caipAddress).toBe(`eip155:1:${ADDRESS}`)
  })
})
