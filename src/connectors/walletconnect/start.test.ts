/**
 * The WalletConnect trigger: nothing loads until WalletConnect is needed; then the loaded effects
 * see the event that asked for them and every one after, in order, including those that pass while
 * the chunk loads and those the effects cause while the queue drains.
 */
import { describe, expect, it } from 'vitest'
import { BehaviorSubject, EMPTY, mergeMap, of, Subject } from 'rxjs'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { defaultDeps } from '../../kernel/deps'
import type { Command, Effect } from '../../kernel/module'
import { createConnectorRuntime } from '../runtime'
import { needsWalletConnect, startWalletConnect } from './start'
import { WALLET_CONNECT_ID } from './port'

const stored = (connectorId: string) =>
  createEvent('STORAGE_HYDRATED', { values: { connectionStatus: 'connected', connectedConnectorIds: { eip155: connectorId } } } as never)

describe('needsWalletConnect', () => {
  it('is true for a WalletConnect connect, its view, or a stored WalletConnect session; false otherwise', () => {
    expect(needsWalletConnect(createEvent('CONNECT_REQUESTED', { connectorId: WALLET_CONNECT_ID }))).toBe(true)
    expect(needsWalletConnect(createEvent('CONNECT_REQUESTED', { connectorId: 'io.metamask' }))).toBe(false)
    expect(needsWalletConnect(createEvent('ROUTER_PUSH', { view: 'ConnectingWalletConnect' }))).toBe(true)
    expect(needsWalletConnect(createEvent('ROUTER_PUSH', { view: 'AllWallets' }))).toBe(false)
    expect(needsWalletConnect(stored(WALLET_CONNECT_ID))).toBe(true)
    expect(needsWalletConnect(stored('io.metamask'))).toBe(false)
  })
})

describe('startWalletConnect', () => {
  function harness(load: () => Promise<{ walletConnectEffects(): Effect }>) {
    const events$ = new Subject<AirlockEvent>()
    const state$ = new BehaviorSubject<RootState>({} as RootState)
    const out: (AirlockEvent | Command)[] = []
    const effect = startWalletConnect(createConnectorRuntime(), load)
    const subscription = effect(events$, state$, defaultDeps({ window: undefined, logger: { warn: () => undefined, error: () => undefined } })).subscribe(
      (item) => {
        out.push(item)
        // Like the kernel when idle: an effect's event is dispatched (and seen) at once.
        if (typeof item !== 'function') events$.next(item)
      },
    )
    return { events$, out, subscription }
  }

  it('loads nothing before the need, then hands over the trigger and every later event in order', async () => {
    let loads = 0
    let release: () => void = () => undefined
    const seen: string[] = []
    const chunk = {
      walletConnectEffects: (): Effect => (events$) =>
        events$.pipe(
          mergeMap((event) => {
            seen.push(event.type === 'ROUTER_PUSH' ? `ROUTER_PUSH ${event.payload.view}` : event.type)
            // The first event the effects see makes one of their own, dispatched while the queue drains.
            return event.type === 'ROUTER_PUSH' ? of(createEvent('WC_PAIRING_STARTED', {})) : EMPTY
          }),
        ),
    }
    const { events$ } = harness(() => {
      loads += 1
      return new Promise((resolve) => (release = () => resolve(chunk)))
    })
    events$.next(createEvent('ROUTER_PUSH', { view: 'AllWallets' }))
    expect(loads).toBe(0)
    events$.next(createEvent('ROUTER_PUSH', { view: 'ConnectingWalletConnect' }))
    events$.next(createEvent('CONNECT_REQUESTED', { connectorId: WALLET_CONNECT_ID }))
    expect(loads).toBe(1)
    release()
    await Promise.resolve()
    await Promise.resolve()
    events$.next(createEvent('MODAL_CLOSE', { connected: false }))
    expect(loads).toBe(1)
    expect(seen).toEqual(['ROUTER_PUSH ConnectingWalletConnect', 'CONNECT_REQUESTED', 'WC_PAIRING_STARTED', 'MODAL_CLOSE'])
  })
  it('a failed load fails the connect that asked (the view offers a retry), and the next need loads again', async () => {
    let loads = 0
    const { events$, out } = harness(() => {
      loads += 1
      return Promise.reject(Object.assign(new Error('chunk gone'), { code: -1 }))
    })
    events$.next(createEvent('CONNECT_REQUESTED', { connectorId: WALLET_CONNECT_ID }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    const types = out.map((item) => (typeof item === 'function' ? 'command' : item.type))
    expect(types).toEqual(['CONNECT_ERROR', 'NOTIFICATION_REQUESTED', 'WC_PAIRING_FAILED'])
    events$.next(createEvent('CONNECT_REQUESTED', { connectorId: WALLET_CONNECT_ID }))
    expect(loads).toBe(2)
  })
})
