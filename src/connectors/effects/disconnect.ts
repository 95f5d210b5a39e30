/**
 * Disconnect (SPEC §4): tell each wallet, waiting at most 3 s, then forget the connection. A
 * wallet that does not answer in time gives DISCONNECT_ERROR "Failed to disconnect" (SPEC §8);
 * the site forgets the connection all the same, since the visitor asked to leave.
 */
import { catchError, concatMap, defer, from, mergeMap, withLatestFrom } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { DISCONNECT_TIMEOUT_MS, disconnectFailedError, withTimeout } from '../timeout'
import type { ConnectorRuntime } from '../runtime'

export const disconnectWallets =
  (runtime: ConnectorRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('DISCONNECT_REQUESTED'),
      withLatestFrom(state$),
      concatMap(([event, state]) => {
        const { namespace } = event.payload
        const namespaces: readonly ChainNamespace[] = namespace === null ? state.connection.connectedNamespaces : [namespace]
        const done: AirlockEvent[] = [createEvent('DISCONNECT_SUCCESS', { namespace }), createEvent('CONNECTION_RESET', { namespace })]
        return defer(async (): Promise<AirlockEvent[]> => {
          const tasks = namespaces.map(async (ns) => {
            const connectorId = state.connectors.activeConnectorIds[ns]
            const provider = connectorId ? runtime.providers.get(connectorId) : undefined
            if (!provider) return
            if (provider.endSession) return provider.endSession()
            const adapter = await runtime.loadAdapter(ns)
            await adapter?.disconnect(provider)
          })
          await withTimeout(Promise.all(tasks), DISCONNECT_TIMEOUT_MS, deps.scheduler)
          return done
        }).pipe(
          catchError((error: unknown) => [
            [createEvent('DISCONNECT_ERROR', { message: disconnectFailedError(error).message }), createEvent('CONNECTION_RESET', { namespace })],
          ]),
          mergeMap((events) => from(events)),
        )
      }),
    )
