/**
 * SPEC §4 "Switch network": "Different namespace using the embedded auth wallet on a supported
 * chain: connect or switch via the auth provider, falling back to an adapter switch on error."
 * The decision (src/core/networks/embeddedSwitchRules.ts: which path for which case), the network
 * picker's use of it, and the switch effect: the embedded wallet, signed in on eip155, connects on
 * Solana through its frame when the visitor picks a Solana network; when the frame refuses, the
 * ordinary switch follows. The wallet is the embedded wallet's real provider (src/embedded/provider.ts)
 * with the real eip155 and solana adapters, over a fake frame host of this file (the frame's side:
 * its answers, or its refusal).
 */
import { describe, expect, it } from 'vitest'
import { base58 } from '@scure/base'
import type { Kernel } from '../../kernel/kernel'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { ethereum } from '../../core/networks/chains/ethereum'
import { solana } from '../../core/networks/chains/solana'
import { pickNetwork } from '../../core/networks/pickNetwork'
import { View } from '../../core/router/views'
import { openModal } from '../../core/router/commands'
import { embeddedSwitchTarget } from './embeddedSwitch'
import { FrameError, type FrameHost } from '../../embedded/frameHost'
import type { AppEventPayload, AppEventType } from '../../embedded/protocol'
import { ADDRESS_A, fakeWallet } from '../../../tests/support/eip1193Wallet'
import { settle } from '../../../tests/support/walletKernel'
import { AUTH, connectorKernel, embeddedProvider, FRAME_USER, frameHost, recordEvents } from '../../../tests/support/connectorKernel'

/** The embedded wallet's Solana address, as the frame derives it (an ed25519 public key). */
const SOLANA_ADDRESS = base58.encode(new Uint8Array(32).fill(7))

/** The frame's side: signed in as FRAME_USER; serving Solana unless `servesSolana` is false (then it refuses as the frame does). */
function fakeFrame(servesSolana: boolean) {
  const rpc: string[] = []
  const host = frameHost((async <K extends AppEventType>(type: K, payload: AppEventPayload<K>) => {
    if (type === 'IS_CONNECTED') return { isConnected: true }
    if (type === 'GET_USER') return FRAME_USER
    if (type !== 'RPC_REQUEST') return {}
    const { method } = payload as AppEventPayload<'RPC_REQUEST'>
    rpc.push(method)
    if (method.startsWith('solana_') && !servesSolana)
      throw new FrameError('solana_requestAccounts is not supported: this wallet serves no Solana chain', { code: 4200 })
    if (method === 'solana_requestAccounts') return { result: [{ pubkey: SOLANA_ADDRESS }] }
    return { result: null }
  }) as FrameHost['request'])
  return { host, rpc }
}

/**
 * A page with Ethereum and Solana, signed in with the embedded wallet on eip155 only (its frame's
 * Solana half added after, as when a site starts offering Solana to a visitor signed in before).
 */
async function signedInOnEthereum(options: { servesSolana: boolean; authOnSolana?: boolean }) {
  const frame = fakeFrame(options.servesSolana)
  const warnings: unknown[] = []
  const { kernel, runtime } = connectorKernel({
    providers: { [AUTH]: embeddedProvider(frame.host), 'fake.evm': fakeWallet({ chainId: 1 }) },
    connectors: [
      { id: AUTH, name: 'Embedded wallet', type: 'AUTH', chain: 'eip155' },
      { id: 'fake.evm', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155' },
    ],
    warn: (...args: unknown[]) => void warnings.push(args),
  })
  kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: AUTH }))
  await settle(() => kernel.getState().connection.connectedNamespaces.includes('eip155'))
  expect(kernel.getState().connectors.activeConnectorIds.eip155).toBe(AUTH)
  // The frame's READY names Solana: the embedded-wallet plugin adds its connector there.
  if (options.authOnSolana !== false)
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [{ id: AUTH, name: 'Embedded wallet', type: 'AUTH', chain: 'solana' }] }))
  const seen = recordEvents(kernel)
  const decide = (state: RootState, caipNetworkId: string) => embeddedSwitchTarget(state, runtime.providers, caipNetworkId)
  return { kernel, frame, seen, warnings, decide }
}

/** Pick `caipNetworkId` in the modal's network list (opened on Account, then its network picker), as the Networks view does. */
function pick(kernel: Kernel, caipNetworkId: string): AirlockEvent[] {
  for (const event of openModal(kernel.getState(), { view: View.SwitchNetwork })) kernel.dispatch(event)
  const events = pickNetwork(kernel.getState(), caipNetworkId)
  for (const event of events) kernel.dispatch(event)
  return events
}

describe('the decision: which switch for which case', () => {
  it('the embedded wallet on eip155, its frame serving Solana, nothing connected on Solana: the embedded wallet connects there', async () => {
    const { kernel, decide } = await signedInOnEthereum({ servesSolana: true })
    expect(decide(kernel.getState(), solana.caipNetworkId)).toMatchObject({
      network: { caipNetworkId: solana.caipNetworkId },
      connector: { id: AUTH, type: 'AUTH', chain: 'solana' },
    })
    // Not for the namespace it is on (a switch within one asks the wallet), nor a network the site does not configure.
    expect(decide(kernel.getState(), ethereum.caipNetworkId)).toBeUndefined()
    expect(decide(kernel.getState(), 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBeUndefined()
  })

  it('not when the frame does not serve the namespace (no embedded connector there): SwitchActiveChain, as for any wallet', async () => {
    const { kernel, decide } = await signedInOnEthereum({ servesSolana: false, authOnSolana: false })
    expect(decide(kernel.getState(), solana.caipNetworkId)).toBeUndefined()
    const events = pick(kernel, solana.caipNetworkId)
    expect(events.map((e) => e.type)).not.toContain('NETWORK_SWITCH_REQUESTED')
    expect(kernel.getState().router.history.at(-1)?.view).toBe(View.SwitchActiveChain)
  })

  it('not when another wallet is the active one on eip155, nor once the namespace has a wallet', async () => {
    const { kernel, decide } = await signedInOnEthereum({ servesSolana: true })
    const withOther: RootState = {
      ...kernel.getState(),
      connectors: { ...kernel.getState().connectors, activeConnectorIds: { ...kernel.getState().connectors.activeConnectorIds, eip155: 'fake.evm' } },
    }
    expect(decide(withOther, solana.caipNetworkId)).toBeUndefined()
    const solanaConnected: RootState = {
      ...kernel.getState(),
      connection: { ...kernel.getState().connection, connectedNamespaces: ['eip155', 'solana'] },
    }
    expect(decide(solanaConnected, solana.caipNetworkId)).toBeUndefined()
    // Nothing connected at all: no embedded wallet to ask.
    const nothing: RootState = { ...kernel.getState(), connection: { ...kernel.getState().connection, connectedNamespaces: [] } }
    expect(decide(nothing, solana.caipNetworkId)).toBeUndefined()
  })
})

describe('the switch', () => {
  it('picking Solana connects the embedded wallet there through its frame: Solana active with the frame’s Solana address, eip155 kept', async () => {
    const { kernel, frame, seen } = await signedInOnEthereum({ servesSolana: true })
    pick(kernel, solana.caipNetworkId)
    // SwitchActiveChain gives way to the switch at once: back on the picker, the switch asked.
    expect(kernel.getState().router.history.at(-1)?.view).toBe(View.SwitchNetwork)
    expect(seen.map((e) => e.type)).toContain('NETWORK_SWITCH_REQUESTED')
    await settle(() => kernel.getState().connection.connectedNamespaces.includes('solana'))
    const state = kernel.getState()
    expect(frame.rpc).toContain('solana_requestAccounts')
    expect(state.networks.activeCaipNetworkId).toBe(solana.caipNetworkId)
    expect(state.account.accounts.solana.address).toBe(SOLANA_ADDRESS)
    expect(state.connectors.activeConnectorIds.solana).toBe(AUTH)
    expect(state.connection.connectedNamespaces).toEqual(expect.arrayContaining(['eip155', 'solana']))
    expect(state.account.accounts.eip155.address).toBe(ADDRESS_A)
    // SPEC §4: the flag was set as the namespace changed, and cleared once the account was in.
    expect(state.networks.isSwitchingNamespace).toBe(false)
    const types = seen.map((e) => e.type)
    expect(types.indexOf('NETWORK_SWITCHED')).toBeLessThan(types.indexOf('ACCOUNT_CONNECTED'))
    expect(types).toContain('CONNECT_SUCCESS')
    expect(types).not.toContain('NETWORK_SWITCH_FAILED')
    expect(state.router.history.at(-1)?.view).not.toBe(View.SwitchActiveChain)
  })

  it('a frame that refuses falls back to the ordinary switch: Solana active with no wallet there (the flag set), eip155 untouched', async () => {
    const { kernel, frame, warnings } = await signedInOnEthereum({ servesSolana: false })
    pick(kernel, solana.caipNetworkId)
    await settle(() => kernel.getState().networks.activeCaipNetworkId === solana.caipNetworkId)
    await settle(() => warnings.length > 0)
    const state = kernel.getState()
    expect(frame.rpc).toContain('solana_requestAccounts')
    expect(state.networks.activeCaipNetworkId).toBe(solana.caipNetworkId)
    expect(state.account.accounts.solana.address).toBeNull()
    expect(state.connection.connectedNamespaces).toEqual(['eip155'])
    expect(state.connectors.activeConnectorIds.eip155).toBe(AUTH)
    expect(state.account.accounts.eip155.address).toBe(ADDRESS_A)
    expect(state.networks.isSwitchingNamespace).toBe(true)
    expect(String(warnings[0])).toContain('did not connect on solana')
  })
})
