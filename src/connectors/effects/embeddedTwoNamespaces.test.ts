/**
 * The embedded wallet connected on eip155 AND Solana (issue 28 §5): one provider, one frame, two
 * namespaces. The wallet is the embedded wallet's real provider (src/embedded/provider.ts) with the
 * real eip155 and solana adapters and the real connector effects, over a fake frame host of this
 * file that behaves as the frame does after a reload (services/frame/app/core.ts): it knows no one
 * until IS_CONNECTED restores its stored session (an auth-service round trip), and every RPC
 * before that answers 4100 "The embedded wallet is not signed in"; SIGN_OUT ends its session.
 * - A reload restores both namespaces, whichever restore reaches the frame first.
 * - Disconnecting Solana alone leaves eip155 connected and the frame signed in (no SIGN_OUT);
 *   disconnecting everything signs it out.
 */
import { describe, expect, it } from 'vitest'
import { base58 } from '@scure/base'
import { createEvent, type RootState } from '../../kernel/registry'
import type { StoredValues } from '../../events/shapes/storage'
import { solana } from '../../core/networks/chains/solana'
import { connectedElsewhere } from './partialDisconnect'
import { FrameError, type FrameHost } from '../../embedded/frameHost'
import type { AppEventPayload, AppEventType } from '../../embedded/protocol'
import { ADDRESS_A } from '../../../tests/support/eip1193Wallet'
import { until } from '../../../tests/support/until'
import { AUTH, connectorKernel, embeddedProvider, FRAME_USER, frameHost } from '../../../tests/support/connectorKernel'

const SOLANA_ADDRESS = base58.encode(new Uint8Array(32).fill(9))

/** A reloaded frame whose origin's storage holds a session: signed in once IS_CONNECTED has asked the auth service (`authMs`). */
function reloadedFrame(authMs = 30) {
  const asked: string[] = []
  let signedIn = false
  let stored = true
  const notSignedIn = () => new FrameError('The embedded wallet is not signed in', { code: 4100 })
  const host = frameHost(
    (async <K extends AppEventType>(type: K, payload: AppEventPayload<K>) => {
      const method = type === 'RPC_REQUEST' ? (payload as AppEventPayload<'RPC_REQUEST'>).method : undefined
      asked.push(method ?? type)
      switch (type) {
        case 'IS_CONNECTED':
          if (!stored) return { isConnected: false }
          await new Promise((resolve) => setTimeout(resolve, authMs))
          signedIn = true
          return { isConnected: true }
        case 'GET_USER':
          if (!signedIn) throw notSignedIn()
          return FRAME_USER
        case 'SIGN_OUT':
          signedIn = false
          stored = false
          return {}
        case 'RPC_REQUEST':
          if (!signedIn) throw notSignedIn()
          if (method === 'solana_getAccounts' || method === 'solana_requestAccounts') return { result: [{ pubkey: SOLANA_ADDRESS }] }
          return { result: null }
        default:
          return {}
      }
    }) as FrameHost['request'],
    ['eip155', 'solana'],
  )
  return { host, asked, signedIn: () => signedIn }
}

/** A page with Ethereum and Solana, reloaded with the embedded wallet stored as connected on both (Solana active). */
function reloaded() {
  const frame = reloadedFrame()
  const { kernel, state } = connectorKernel({
    providers: { [AUTH]: embeddedProvider(frame.host) },
    // The frame's READY named both: the embedded-wallet plugin's connector on each (src/plugins/embeddedWallet/served.ts).
    connectors: [
      { id: AUTH, name: 'Embedded wallet', type: 'AUTH', chain: 'eip155' },
      { id: AUTH, name: 'Embedded wallet', type: 'AUTH', chain: 'solana' },
    ],
    stored: {
      connectionStatus: 'connected',
      connectedConnectorIds: { eip155: AUTH, solana: AUTH },
      activeCaipNetworkId: solana.caipNetworkId,
      activeNamespace: 'solana',
    } as StoredValues,
  })
  return { kernel, frame, state }
}

const restoredBoth = (state: () => RootState) => () => state().connection.connectedNamespaces.length === 2 || state().connection.status !== 'connecting'

describe('the embedded wallet on eip155 and Solana (issue 28 §5)', () => {
  it('a reload restores both namespaces: the Solana restore waits for the frame’s session (IS_CONNECTED) before it reads the key', async () => {
    const { frame, state } = reloaded()
    await until(restoredBoth(state), 5000, 'both restores to answer')
    await until(() => state().connection.connectedNamespaces.length === 2, 2000, 'both namespaces connected')
    expect([...state().connection.connectedNamespaces].sort()).toEqual(['eip155', 'solana'])
    expect(state().connectors.activeConnectorIds).toMatchObject({ eip155: AUTH, solana: AUTH })
    expect(state().account.accounts.solana.address).toBe(SOLANA_ADDRESS)
    expect(state().account.accounts.eip155.address).toBe(ADDRESS_A)
    expect(state().networks.activeNamespace).toBe('solana')
    // The Solana key was read only after the frame had its session back.
    expect(frame.asked.indexOf('solana_getAccounts')).toBeGreaterThan(frame.asked.indexOf('IS_CONNECTED'))
  })

  it('disconnecting Solana alone keeps eip155 and the frame’s session (no SIGN_OUT); disconnecting all signs the frame out', async () => {
    const { kernel, frame, state } = reloaded()
    await until(() => state().connection.connectedNamespaces.length === 2, 5000, 'both namespaces connected')
    expect(connectedElsewhere(state(), AUTH, ['solana'])).toBe(true)
    expect(connectedElsewhere(state(), AUTH, ['solana', 'eip155'])).toBe(false)

    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: 'solana' }))
    await until(() => !state().connection.connectedNamespaces.includes('solana'), 5000, 'Solana disconnected')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(state().connection.connectedNamespaces).toEqual(['eip155'])
    expect(state().connection.status).toBe('connected')
    expect(state().connectors.activeConnectorIds.eip155).toBe(AUTH)
    expect(frame.asked).not.toContain('SIGN_OUT')
    expect(frame.signedIn()).toBe(true)

    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: null }))
    await until(() => state().connection.status === 'disconnected', 5000, 'all disconnected')
    expect(frame.asked).toContain('SIGN_OUT')
    expect(frame.signedIn()).toBe(false)
  })
})
