/**
 * Reconnect after a reload (SPEC §4): when storage says a namespace was connected through a
 * connector, wait for that wallet's provider to appear (announcements arrive as the page loads),
 * then ask it for its accounts without a prompt. Accounts → CONNECTION_RESTORED with the session
 * as state; none, an error, or no provider within RESTORE_WAIT_MS → CONNECTION_CHECK_FAILED, which
 * clears the stored login fields. Connectors without a provider here are left to their own effects
 * (a relay session restores itself), unless none claims them in time.
 */
import { catchError, defer, EMPTY, filter, firstValueFrom, from, merge, mergeMap, of, startWith, take, timeout } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { ConnectorRuntime } from '../runtime'
import { storedNamespaces } from '../storedConnections'
import { WALLET_CONNECT_ID } from '../walletconnect/port'
import { sessionEvents } from '../session'

/** How long a stored connection waits for its wallet's provider to be announced. */
export const RESTORE_WAIT_MS = 3000

/** Connector ids other effects restore (relay sessions, the embedded wallet). */
const RESTORED_ELSEWHERE = new Set([WALLET_CONNECT_ID, 'ID_AUTH', 'AUTH'])

export const restoreConnections =
  (runtime: ConnectorRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('STORAGE_HYDRATED'),
      take(1),
      mergeMap((event) => {
        const stored = event.payload.values.connectedConnectorIds ?? {}
        const restoring = storedNamespaces(event.payload.values, (id) => !RESTORED_ELSEWHERE.has(id))
        if (restoring.length === 0) return EMPTY
        return merge(
          ...restoring.map((namespace) => {
            const connectorId = stored[namespace] as string
            const failed: AirlockEvent[] = [createEvent('CONNECTION_CHECK_FAILED', { namespace })]
            return runtime.providers.added$.pipe(
              startWith(connectorId),
              filter((id) => id === connectorId && runtime.providers.has(id)),
              take(1),
              timeout({ first: RESTORE_WAIT_MS, scheduler: deps.scheduler }),
              mergeMap(() =>
                defer(async (): Promise<AirlockEvent[]> => {
                  const provider = runtime.providers.get(connectorId)
                  const adapter = await runtime.loadAdapter(namespace)
                  if (!provider || !adapter) return failed
                  const session = await adapter.restore(provider)
                  if (!session) return failed
                  const root = await firstValueFrom(state$)
                  const connector = root.connectors.allConnectors.find((c) => c.id === connectorId)
                  if (!connector) return failed
                  return [...sessionEvents(root, connector, session, adapter), createEvent('CONNECTION_RESTORED', { namespace, connectorId })]
                }),
              ),
              catchError(() => of(failed)),
              mergeMap((events) => from(events)),
            )
          }),
        )
      }),
    )
