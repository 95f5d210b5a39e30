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
import { BehaviorSubject, VirtualTimeScheduler } from 'rxjs'
import { base58 } from '@scure/base'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type RootState } from '../../kernel/registry'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { solana } from '../../core/networks/chains/solana'
import { eip155Adapter } from '../../chains/eip155/adapter'
import { solanaAdapter } from '../../chains/solana/adapter'
import { createConnectorRuntime } from '../runtime'
import { createWalletModule } from '../module'
import * as walletEffects from './walletEffects'
import { connectedElsewhere } from './partialDisconnect'
import { createEmbeddedProvider } from '../../embedded/provider'
import { FrameError, type FrameHost } from '../../embedded/frameHost'
import type { AppEventPayload, AppEventType, FrameUser } from '../../embedded/protocol'
import type { FrameStatus } from '../../embedded/port'
import { ADDRESS_A } from '../../../tests/support/eip1193Wallet'
import { until } from '../../../tests/support/until'

const AUTH = 'AUTH'
const SOLANA_ADDRESS = base58.encode(new Uint8Array(32).fill(9))
const USER: FrameUser = {
  email: 'ada@example.com',
  userName: null,
  provider: 'email',
  address: ADDRESS_A,
  chainId: 1,
  accounts: [{ address: ADDRESS_A, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

/** A reloaded frame whose origin's storage holds a session: signed in once IS_CONNECTED has asked the auth service (`authMs`). */
function reloadedFrame(authMs = 30) {
  const asked: string[] = []
  let signedIn = false
  let stored = true
  const notSignedIn = () => new FrameError('The embedded wallet is not signed in', { code: 4100 })
  const host: FrameHost = {
    start: () => Promise.resolve(),
    status$: new BehaviorSubject<FrameStatus>('initialised'),
    request: (async <K extends AppEventType>(type: K, payload: AppEventPayload<K>) => {
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
          return USER
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
    view$: new BehaviorSubject({ requestId: null as string | null, height: 0 }),
    namespaces$: new BehaviorSubject<readonly string[]>(['eip155', 'solana']),
    cancelApprovals: () => undefined,
    destroy: () => undefined,
  }
  return { host, asked, signedIn: () => signedIn }
}

/** A page with Ethereum and Solana, reloaded with the embedded wallet stored as connected on both (Solana active). */
function reloaded() {
  const frame = reloadedFrame()
  const runtime = createConnectorRuntime({
    loadAdapter: async (namespace) => (namespace === 'eip155' ? eip155Adapter : namespace === 'solana' ? solanaAdapter : undefined),
    readerFor: () => undefined,
  })
  runtime.providers.set(AUTH, createEmbeddedProvider(frame.host, { chainId: 1, preferredAccountType: 'eoa', randomId: () => crypto.randomUUID() }))
  const deps = defaultDeps({
    storage: memoryStorage(),
    fetch: undefined,
    window: undefined,
    scheduler: new VirtualTimeScheduler(),
    logger: { warn() {}, error() {} },
  })
  const kernel = createKernel({ modules: [...coreModules, createWalletModule(runtime, async () => walletEffects)], deps })
  kernel.dispatch(
    createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'test', networks: [ethereum, solana], enableWalletConnect: false }).options }),
  )
  // The frame's READY named both: the embedded-wallet plugin's connector on each (src/plugins/embeddedWallet/served.ts).
  kernel.dispatch(
    createEvent('CONNECTORS_ADDED', {
      connectors: [
        { id: AUTH, name: 'Embedded wallet', type: 'AUTH', chain: 'eip155' },
        { id: AUTH, name: 'Embedded wallet', type: 'AUTH', chain: 'solana' },
      ],
    }),
  )
  kernel.dispatch(
    createEvent('STORAGE_HYDRATED', {
      values: {
        connectionStatus: 'connected',
        connectedConnectorIds: { eip155: AUTH, solana: AUTH },
        activeCaipNetworkId: solana.caipNetworkId,
        activeNamespace: 'solana',
      },
    } as never),
  )
  const state = () => kernel.getState() as RootState
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
