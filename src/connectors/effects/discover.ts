/**
 * Discovery: the injected provider and every EIP-6963 announcement become connectors. It starts
 * once the options are known and runs until the instance is destroyed; without a window (server
 * rendering) it does nothing.
 */
import { EMPTY, Observable, switchMap, take } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { discoverAnnouncedWallets } from '../eip6963'
import { injectedWallet } from '../injected'
import type { ConnectorRuntime } from '../runtime'

export const discoverWallets =
  (runtime: ConnectorRuntime): Effect =>
  (events$, _state$, deps) =>
    events$.pipe(
      ofType('OPTIONS_INITIALIZED'),
      take(1),
      switchMap(() => {
        const win = deps.window
        if (!win) return EMPTY
        return new Observable<AirlockEvent>((subscriber) => {
          const injected = injectedWallet(win)
          if (injected) {
            runtime.providers.set(injected.connector.id, injected.provider)
            subscriber.next(createEvent('CONNECTORS_ADDED', { connectors: [injected.connector] }))
          }
          return discoverAnnouncedWallets(win, (wallet) => {
            runtime.providers.set(wallet.connector.id, wallet.provider)
            subscriber.next(createEvent('CONNECTORS_ANNOUNCED', { connectors: [wallet.connector] }))
          })
        })
      }),
    )
