/**
 * A session's events are computed at their turn in the queue (DESIGN "Events"): whatever lands in
 * the log between the wallet's approval and the session events (a deep link the visitor opened, a
 * network switch) is read, not the state captured when the approval arrived.
 */
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { ChainAdapter } from '../../chains/adapter'
import { eip155Adapter } from '../../chains/eip155/adapter'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { polygon } from '../../core/networks/chains/polygon'
import { createWalletModule } from '../module'
import { createConnectorRuntime } from '../runtime'
import * as walletEffects from '../effects/walletEffects'
import type { RelaySession, WalletConnectClient } from './client'
import { WALLET_CONNECT_ID } from './port'
import { testDeps } from '../../../tests/support/testDeps'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RAINBOW = { href: 'rainbow://', name: 'Rainbow' }

async function until<T>(read: () => T | undefined | null | false, what: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = read()
    if (value) return value
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

/** A relay client whose wallet approves when told, and an eip155 adapter that loads when told. */
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
  let adapterAsked = false
  let releaseAdapter: () => void = () => undefined
  const adapterLoaded = new Promise<ChainAdapter>((resolve) => (releaseAdapter = () => resolve(eip155Adapter)))
  const runtime = createConnectorRuntime({
    walletConnect: { load: async () => client },
    loadAdapter: async (namespace) => {
      if (namespace !== 'eip155') return undefined
      adapterAsked = true
      return adapterLoaded
    },
    readerFor: () => undefined,
  })
  const deps = testDeps()
  const kernel = createKernel({ modules: [...coreModules, createWalletModule(runtime, async () => walletEffects)], deps })
  const log: AirlockEvent[] = []
  kernel.events$.subscribe((event) => log.push(event))
  const { options } = resolveOptions({ projectId: 'test', networks: [ethereum, polygon] })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  return { kernel, log, approve: (session: RelaySession) => approve(session), adapterAsked: () => adapterAsked, releaseAdapter }
}

describe('the session events of an approved pairing', () => {
  it('read the state at their turn: a deep link and a network switch made while the session was read are in them', async () => {
    const { kernel, log, approve, adapterAsked, releaseAdapter } = harness()
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: WALLET_CONNECT_ID }))
    await until(() => kernel.getState().connection.wcUri, 'the pairing URI')
    expect(kernel.getState().connection.wcLinking).toBeNull()
    approve({
      topic: 'cd'.repeat(32),
      namespaces: { eip155: { accounts: [`eip155:1:${ADDRESS}`, `eip155:137:${ADDRESS}`], methods: ['personal_sign'], events: ['chainChanged'] } },
      peer: { name: 'Rainbow', url: 'https://rainbow.me', icons: [] },
      expiry: Math.floor(Date.now() / 1000) + 3600,
    })
    // The session provider is attached on eip155:1; its adapter is still loading.
    await until(adapterAsked, 'the adapter to be asked for')
    kernel.dispatch(createEvent('DEEP_LINK_CHOSEN', { linking: RAINBOW }))
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: polygon.caipNetworkId }))
    releaseAdapter()
    const success = await until(() => log.find((e) => e.type === 'CONNECT_SUCCESS'), 'CONNECT_SUCCESS')
    expect(success.payload).toMatchObject({ method: 'mobile', deepLink: RAINBOW, caipAddress: `eip155:1:${ADDRESS}`, name: 'Rainbow' })
    // The account is on the session's chain, and so is the active network: the switch is undone.
    const state = kernel.getState()
    expect(state.account.accounts.eip155?.caipAddress).toBe(`eip155:1:${ADDRESS}`)
    expect(state.networks.activeCaipNetworkId).toBe(ethereum.caipNetworkId)
    expect(state.connection.wcUri).toBeNull()
  })
})
