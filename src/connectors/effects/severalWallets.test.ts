/**
 * Several wallets at once (issue 28 §2; SPEC §4 switch account, conformance 4.31): two scriptable
 * EIP-1193 wallets with the real eip155 adapter and the real wallet effects. The namespace holds
 * both, one active; a switch makes the other active ("the connector is connected"); disconnecting
 * one leaves the other; a reload (a new kernel on the stored values) restores both.
 */
import { describe, expect, it } from 'vitest'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { ADDRESS_A, ADDRESS_B, fakeWallet, type FakeWallet } from '../../../tests/support/eip1193Wallet'
import { FAKE_WALLET_ID, publicEvents, settle, walletKernel } from '../../../tests/support/walletKernel'
import type { StoredValues } from '../../events/shapes/storage'
import { selectConnectedWallets } from '../../core/connection/walletsSelectors'

const SECOND_ID = 'fake.second'

function twoWallets(stored: StoredValues = {}, wallets: { first?: FakeWallet; second?: FakeWallet } = {}) {
  const first = wallets.first ?? fakeWallet({ chainId: 1, accounts: [ADDRESS_A] })
  const second = wallets.second ?? fakeWallet({ chainId: 1, accounts: [ADDRESS_B] })
  const { kernel, runtime } = walletKernel(first, stored)
  runtime.providers.set(SECOND_ID, second)
  kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [{ id: SECOND_ID, name: 'Second Wallet', type: 'ANNOUNCED', chain: 'eip155' }] }))
  const seen: AirlockEvent[] = publicEvents(kernel)
  return { kernel, first, second, seen }
}

/** Both wallets connected, the second (connected last) active. */
async function bothConnected() {
  const setup = twoWallets()
  const { kernel } = setup
  kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: FAKE_WALLET_ID }))
  await settle(() => kernel.getState().connection.status === 'connected', 200)
  kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: SECOND_ID }))
  await settle(() => kernel.getState().connectors.activeConnectorIds.eip155 === SECOND_ID, 200)
  return setup
}

const wallets = (kernel: ReturnType<typeof twoWallets>['kernel']) =>
  selectConnectedWallets(kernel.getState()).map((w) => ({ id: w.connectorId, address: w.address, active: w.active }))

describe('several wallets at once (issue 28 §2)', () => {
  it('connecting a second wallet keeps the first: both are held, the new one is active', async () => {
    const { kernel } = await bothConnected()
    expect(wallets(kernel)).toEqual([
      { id: FAKE_WALLET_ID, address: ADDRESS_A, active: false },
      { id: SECOND_ID, address: ADDRESS_B, active: true },
    ])
    expect(kernel.getState().account.accounts.eip155.address).toBe(ADDRESS_B)
    expect(kernel.getState().storage.connections?.eip155?.map((c) => c.connectorId)).toEqual([FAKE_WALLET_ID, SECOND_ID])
  })

  it('switching to the other connected wallet connects it (SPEC §4 switch account) and says so publicly', async () => {
    const { kernel, first, seen } = await bothConnected()
    seen.length = 0
    kernel.dispatch(createEvent('CONNECTION_SWITCH_REQUESTED', { namespace: 'eip155', connectorId: FAKE_WALLET_ID }))
    await settle(() => kernel.getState().connectors.activeConnectorIds.eip155 === FAKE_WALLET_ID, 200)
    expect(kernel.getState().account.accounts.eip155.address).toBe(ADDRESS_A)
    expect(wallets(kernel).map((w) => [w.id, w.active])).toEqual([
      [FAKE_WALLET_ID, true],
      [SECOND_ID, false],
    ])
    expect(seen.filter((e) => e.type === 'ACTIVE_CONNECTION_CHANGED').map((e) => e.payload)).toEqual([
      { namespace: 'eip155', connectorId: FAKE_WALLET_ID, caipAddress: `eip155:1:${ADDRESS_A}` },
    ])
    // The now-active wallet's events are followed; the other's no longer.
    first.setAccounts([ADDRESS_B])
    await settle(() => kernel.getState().account.accounts.eip155.address === ADDRESS_B, 100)
    expect(kernel.getState().account.accounts.eip155.address).toBe(ADDRESS_B)
    expect(kernel.getState().storage.connectedConnectorIds?.eip155).toBe(FAKE_WALLET_ID)
  })

  it('a switch to a wallet that no longer exposes an account asks it to connect; a refusal keeps the active one', async () => {
    const { kernel, first, seen } = await bothConnected()
    first.accounts = []
    first.declines.add('eth_requestAccounts')
    seen.length = 0
    kernel.dispatch(createEvent('CONNECTION_SWITCH_REQUESTED', { namespace: 'eip155', connectorId: FAKE_WALLET_ID }))
    await settle(() => seen.length > 0, 200)
    expect(first.calls.at(-1)).toBe('eth_requestAccounts')
    expect(seen.map((e) => e.type)).toEqual(['USER_REJECTED'])
    expect(kernel.getState().connectors.activeConnectorIds.eip155).toBe(SECOND_ID)
    expect(kernel.getState().connection.status).toBe('connected')
  })

  it('disconnecting the other wallet leaves the active one connected, and tells only the one leaving', async () => {
    const { kernel, first, second, seen } = await bothConnected()
    seen.length = 0
    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: 'eip155', connectorId: FAKE_WALLET_ID }))
    await settle(() => wallets(kernel).length === 1, 200)
    expect(wallets(kernel)).toEqual([{ id: SECOND_ID, address: ADDRESS_B, active: true }])
    expect(first.calls).toContain('wallet_revokePermissions')
    expect(second.calls).not.toContain('wallet_revokePermissions')
    expect(kernel.getState().connection.status).toBe('connected')
    expect(seen.map((e) => e.type)).not.toContain('DISCONNECT_SUCCESS')
    expect(kernel.getState().storage.connections?.eip155?.map((c) => c.connectorId)).toEqual([SECOND_ID])
  })

  it('disconnecting the active wallet hands over to the other, which becomes active', async () => {
    const { kernel, second, seen } = await bothConnected()
    seen.length = 0
    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: 'eip155', connectorId: SECOND_ID }))
    await settle(() => wallets(kernel).length === 1, 200)
    expect(wallets(kernel)).toEqual([{ id: FAKE_WALLET_ID, address: ADDRESS_A, active: true }])
    expect(kernel.getState().account.accounts.eip155.address).toBe(ADDRESS_A)
    expect(second.calls).toContain('wallet_revokePermissions')
    expect(seen.map((e) => e.type)).toEqual(['ACTIVE_CONNECTION_CHANGED'])
  })

  it('disconnecting the namespace tells every wallet it holds', async () => {
    const { kernel, first, second } = await bothConnected()
    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: 'eip155' }))
    await settle(() => kernel.getState().connection.status === 'disconnected', 200)
    expect(first.calls).toContain('wallet_revokePermissions')
    expect(second.calls).toContain('wallet_revokePermissions')
    expect(wallets(kernel)).toEqual([])
    expect(kernel.getState().storage.connections).toBeUndefined()
  })

  it('a reload restores both wallets, the active one active; one that no longer answers is dropped', async () => {
    const { kernel, first, second } = await bothConnected()
    const stored = kernel.getState().storage as StoredValues
    const again = twoWallets(stored, { first, second })
    await settle(() => wallets(again.kernel).length === 2, 200)
    // The active one is restored first, the others come back beside it.
    expect(wallets(again.kernel)).toEqual([
      { id: SECOND_ID, address: ADDRESS_B, active: true },
      { id: FAKE_WALLET_ID, address: ADDRESS_A, active: false },
    ])
    expect(again.kernel.getState().connection.status).toBe('connected')

    first.accounts = []
    const third = twoWallets(stored, { first, second })
    await settle(() => third.kernel.getState().storage.connections?.eip155?.length === 1, 200)
    expect(wallets(third.kernel)).toEqual([{ id: SECOND_ID, address: ADDRESS_B, active: true }])
  })
})
