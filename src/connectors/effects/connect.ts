/**
 * Connect through a wallet the page holds (injected or announced): on CONNECT_REQUESTED for a
 * connector with a provider, ask for the accounts, make the session the state, and emit
 * CONNECT_SUCCESS with method `browser`. A newer request replaces an older one still pending.
 * Connectors without a provider here (WalletConnect, the embedded wallet) are left to their own
 * effects.
 */
import { concat, defer, EMPTY, firstValueFrom, from, mergeMap, of, switchMap, withLatestFrom, catchError } from 'rxjs'
import { AirlockError } from '../../kernel/errors'
import { CHAIN_ADAPTER_NOT_FOUND } from '../../chains/adapter'
import type { Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { closeModal } from '../../core/router/commands'
import type { ConnectorRuntime } from '../runtime'
import { isSessionChainConfigured, sessionEvents, sessionNetworkId } from '../session'
import { connectFailure } from './failure'

export const connectWallet =
  (runtime: ConnectorRuntime): Effect =>
  (events$, state$) =>
    events$.pipe(
      ofType('CONNECT_REQUESTED'),
      withLatestFrom(state$),
      switchMap(([event, state]) => {
        const { connectorId } = event.payload
        const connector = state.connectors.allConnectors.find((c) => c.id === connectorId)
        const provider = runtime.providers.get(connectorId)
        // WalletConnect pairs in its own effect (walletconnect/effects.ts), even once its session provider exists.
        if (!connector || !provider || connector.type === 'WALLET_CONNECT') return EMPTY
        const attempt = defer(async (): Promise<AirlockEvent[]> => {
          const adapter = await runtime.loadAdapter(connector.chain)
          if (!adapter) throw new AirlockError(CHAIN_ADAPTER_NOT_FOUND, { details: connector.chain })
          const session = await adapter.connect(provider)
          const root = await firstValueFrom(state$)
          const address = session.addresses[0] ?? ''
          const success = createEvent('CONNECT_SUCCESS', {
            method: 'browser',
            name: connector.name,
            namespace: connector.chain,
            connectorId: connector.id,
            caipAddress: `${sessionNetworkId(connector.chain, session.chainReference)}:${address}`,
          })
          // The modal closes on a connection, unless the wallet is on a chain the site does not
          // support: then the UnsupportedChain view takes it over (see unsupportedChain.ts).
          const close = isSessionChainConfigured(root, adapter, session) ? closeModal(root) : []
          return [...sessionEvents(root, connector, session, adapter), success, ...close]
        }).pipe(
          mergeMap((events) => from(events)),
          catchError((error: unknown) =>
            defer(async () => {
              const root = await firstValueFrom(state$)
              const stillConnected = root.connection.connectedNamespaces.length > 0
              return [...connectFailure(error), createEvent('CONNECTION_STATUS_CHANGED', { status: stillConnected ? 'connected' : 'disconnected' })]
            }).pipe(mergeMap((events) => from(events))),
          ),
        )
        return concat(of(createEvent('CONNECTION_STATUS_CHANGED', { status: 'connecting' })), attempt)
      }),
    )
