/**
 * The WalletConnect pairing (issue 26 §4): one event per transition of the pairing, and commands
 * that are pure functions of the state they are given (a command that wrote a flag for the next
 * one to read decided from a call it may not have seen).
 */
import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import type { Command } from '../../kernel/module'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { eip155Adapter } from '../../chains/eip155/adapter'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { createConnectorRuntime } from '../runtime'
import type { RelaySession, WalletConnectClient } from './client'
import { pairWalletConnect } from './effects'
import { WALLET_CONNECT_ID } from './port'
import { createSessionProvider } from './sessionProvider'
import { testDeps } from '../../../tests/support/testDeps'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

async function until<T>(read: () => T | undefined | null | false, what: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = read()
    if (value) return value
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

/** The pairing effect alone, over a relay client whose wallet approves when told; what it emits is collected, not run. */
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
  const deps = testDeps()
  const kernel = createKernel({ modules: coreModules, deps })
  const { options } = resolveOptions({ projectId: 'test', networks: [ethereum] })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  const events$ = new Subject<AirlockEvent>()
  const emitted: (AirlockEvent | Command)[] = []
  pairWalletConnect({ ...runtime, provider: createSessionProvider() })(events$, kernel.state$, deps).subscribe((item) => emitted.push(item))
  return { kernel, events$, emitted, approve: (session: RelaySession) => approve(session) }
}

const session = (chain: string): RelaySession => ({
  topic: 'cd'.repeat(32),
  namespaces: { eip155: { accounts: [`${chain}:${ADDRESS}`], methods: ['personal_sign'], events: ['chainChanged'] } },
  peer: { name: 'Rainbow', url: 'https://rainbow.me', icons: [] },
  expiry: Math.floor(Date.now() / 1000) + 3600,
})

const types = (items: readonly (AirlockEvent | Command)[]) => items.map((item) => (typeof item === 'function' ? 'command' : item.type))

describe('the WalletConnect pairing', () => {
  it('emits one event per transition: started, offered (no CONNECTION_STATUS_CHANGED beside them); an approval is the session and then the close', async () => {
    const { events$, emitted, approve } = harness()
    events$.next(createEvent('CONNECT_REQUESTED', { connectorId: WALLET_CONNECT_ID }))
    await until(() => emitted.some((item) => typeof item !== 'function' && item.type === 'WC_PAIRING_OFFERED'), 'the pairing URI')
    expect(types(emitted)).toEqual(['WC_PAIRING_STARTED', 'WC_PAIRING_OFFERED'])
    approve(session('eip155:1'))
    await until(() => emitted.length === 4, 'the session')
    expect(types(emitted).slice(2)).toEqual(['command', 'command'])
  })

  it("the close after an approval decides from the state it is given, not from a flag the session's command wrote", async () => {
    const { kernel, events$, emitted, approve } = harness()
    events$.next(createEvent('CONNECT_REQUESTED', { connectorId: WALLET_CONNECT_ID }))
    await until(() => emitted.length === 2, 'the pairing URI')
    approve(session('eip155:1'))
    await until(() => emitted.length === 4, 'the session')
    const [connected, close] = emitted.slice(2) as Command[]
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    const open = kernel.getState()
    // Asked alone, before the session's command ever ran: the modal is open on a configured network.
    expect(close?.(open)).toEqual([createEvent('MODAL_CLOSE', { connected: false })])
    // The session's command gives the same events each time it is asked, and they end the pairing.
    const first = connected?.(open)
    expect(connected?.(open)).toEqual(first)
    expect(first?.at(-1)).toEqual(createEvent('WC_PAIRING_APPROVED', {}))
    expect(first?.some((e) => e.type === 'CONNECT_SUCCESS')).toBe(true)
  })

  it('the close leaves the modal to UnsupportedChain while the active network is the unsupported placeholder', async () => {
    const { kernel, events$, emitted, approve } = harness()
    events$.next(createEvent('CONNECT_REQUESTED', { connectorId: WALLET_CONNECT_ID }))
    await until(() => emitted.length === 2, 'the pairing URI')
    approve(session('eip155:1'))
    await until(() => emitted.length === 4, 'the session')
    const close = emitted[3] as Command
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    kernel.dispatch(createEvent('NETWORK_UNSUPPORTED', { namespace: 'eip155', chainId: 137 }))
    expect(close(kernel.getState())).toEqual([])
  })
})
