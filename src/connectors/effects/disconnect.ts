/**
 * Disconnect (SPEC §4): tell each wallet, waiting at most 3 s, then forget the connection. A
 * wallet that does not answer in time gives DISCONNECT_ERROR "Failed to disconnect" (SPEC §8);
 * the site forgets the connection all the same, since the visitor asked to leave.
 */
import { catchError, concatMap, defer, EMPTY, from, mergeMap, withLatestFrom } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { DISCONNECT_TIMEOUT_MS, disconnectFailedError, withTimeout } from '../timeout'
import type { ConnectorRuntime } from '../runtime'
import { disconnected } from './withoutWallet'
import { toldOfDisconnect } from './partialDisconnect'
import { disconnectsOne } from './severalWallets'

export const disconnectWallets =
  (runtime: ConnectorRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('DISCONNECT_REQUESTED'),
      withLatestFrom(state$),
      concatMap(([event, state]) => {
        const { namespace, connectorId } = event.payload
        // One wallet of several in the namespace: disconnectOneWallet (severalWallets.ts) ends it alone.
        if (connectorId !== undefined && disconnectsOne(state, namespace, connectorId)) return EMPTY
        // A namespace still connected becomes active again after the reset (partialDisconnect.ts's returnAfterReset).
        const done = disconnected(namespace)
        return defer(async (): Promise<(AirlockEvent | Command)[]> => {
          const tasks = toldOfDisconnect(state, runtime.providers, namespace).map(async ([ns, provider]) => {
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
