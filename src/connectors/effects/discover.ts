/**
 * Discovery: the injected provider (read once, here: a page replacing `window.ethereum` later
 * changes nothing) and every EIP-6963 announcement become connectors; when the
 * site configured Solana or Bitcoin networks, so do the Wallet Standard wallets and Bitcoin
 * providers of those namespaces (their discovery is its own chunk, fetched only then). It starts
 * once the options are known and runs until the instance is destroyed; without a window (server
 * rendering) it does nothing.
 */
import { catchError, defer, EMPTY, merge, Observable, switchMap, take } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { discoverAnnouncedWallets } from '../eip6963'
import { injectedWallet } from '../injected'
import { CHUNK_DISCOVERED_NAMESPACES } from '../namespaceDiscovery'
import type { ConnectorRuntime } from '../runtime'

export const discoverWallets =
  (runtime: ConnectorRuntime): Effect =>
  (events$, _state$, deps) =>
    events$.pipe(
      ofType('OPTIONS_INITIALIZED'),
      take(1),
      switchMap((event) => {
        const win = deps.window
        if (!win) return EMPTY
        const configured = event.payload.options.networks.map((n) => n.chainNamespace)
        const others = CHUNK_DISCOVERED_NAMESPACES.filter((ns) => configured.includes(ns))
        const evm = new Observable<AirlockEvent>((subscriber) => {
          const injected = injectedWallet(win)
          if (injected) {
            runtime.providers.set(injected.connector.id, injected.provider)
            subscriber.next(createEvent('CONNECTORS_ADDED', { connectors: [injected.connector] }))
          }
          return discoverAnnouncedWallets(
            win,
            (wallet) => {
              runtime.providers.set(wallet.connector.id, wallet.provider)
              subscriber.next(createEvent('CONNECTORS_ANNOUNCED', { connectors: [wallet.connector] }))
            },
            // Another script claiming a wallet's rdns, uuid or name (eip6963.ts): refused, and said.
            (wallet, held) => deps.logger.warn(`Airlock: ${wallet.connector.name} refused: another wallet announced its ${held} first (EIP-6963)`),
          )
        })
        if (others.length === 0) return evm
        return merge(
          evm,
          defer(() => import('../namespaceWallets')).pipe(
            switchMap((chunk) => chunk.namespaceWallets$(win, others, runtime.providers)),
            // A chunk that fails to load leaves EVM discovery running, and says why.
            catchError((error: unknown) => {
              deps.logger.warn('The discovery of Solana and Bitcoin wallets failed to load', error)
              return EMPTY
            }),
          ),
        )
      }),
    )
