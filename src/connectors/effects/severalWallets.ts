/**
 * Several wallets at once (issue 28 §2): a namespace holds every wallet the visitor connected, one
 * of them active (the connectors slice's active connector, the one requests go to and whose
 * events are followed).
 *
 * - Switch (CONNECTION_SWITCH_REQUESTED; SPEC §4 switch account, "otherwise the connector is
 *   connected"): the other wallet is asked for its accounts without a prompt (its restore read),
 *   else connected (a prompt if it asks for one); its session becomes the namespace's state and
 *   ACTIVE_CONNECTION_CHANGED says so. A wallet no longer here, or that exposes no account, is
 *   removed from the list (CONNECTION_REMOVED); a refusal leaves the active one as it was.
 * - Disconnect one (DISCONNECT_REQUESTED with a `connectorId` while the namespace holds others):
 *   the active one hands over to the next first (so its own farewell events are not followed as
 *   the namespace's), then the wallet is told (at most 3 s, SPEC §4) and removed from the list.
 *   The namespace and its other wallets stay connected. A wallet connected in another namespace
 *   too (the embedded wallet, a relay session) is not told: it goes on there (./partialDisconnect.ts).
 */
import { catchError, concat, concatMap, defer, EMPTY, from, mergeMap, of, take, throwError, timeout, withLatestFrom, type Observable } from 'rxjs'
import type { ChainAdapter, WalletSession } from '../../chains/adapter'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { Command, Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { namespaceNetwork } from '../../core/networks/selectors'
import type { Deps } from '../../kernel/deps'
import type { WatchingRuntime } from '../runtime'
import { sessionEvents, sessionNetworkId } from '../session'
import { withWalletWatch } from '../walletWatches'
import { CONNECT_ANSWER_WAIT_MS, DISCONNECT_TIMEOUT_MS, withTimeout } from '../timeout'
import { TimeoutError } from '../../kernel/errors/http'
import { connectFailure } from './failure'
import { connectedElsewhere } from './partialDisconnect'

/** The connector ids connected in `namespace`, in the order they connected. */
export function heldConnectorIds(state: RootState, namespace: ChainNamespace): readonly string[] {
  return (state.connection.connections[namespace] ?? []).map((c) => c.connectorId)
}

/**
 * Whether a disconnect of `connectorId` in `namespace` ends only that wallet: the namespace holds
 * another one. Otherwise it is the namespace's disconnect (SPEC §4).
 *
 * ```ts
 * disconnectsOne(state, 'eip155', 'io.rabby') // true with MetaMask connected too
 * ```
 */
export function disconnectsOne(state: RootState, namespace: ChainNamespace | null, connectorId: string | undefined): namespace is ChainNamespace {
  if (namespace === null || connectorId === undefined) return false
  const held = heldConnectorIds(state, namespace)
  return held.includes(connectorId) && held.some((id) => id !== connectorId)
}

/** The session of the switched-to wallet as the namespace's state, and the public event that says so. */
const switched =
  (namespace: ChainNamespace, connectorId: string, adapter: ChainAdapter, session: WalletSession): Command =>
  (root) => {
    const connector = root.connectors.allConnectors.find((c) => c.id === connectorId)
    if (!connector || session.addresses.length === 0) return [createEvent('CONNECTION_REMOVED', { namespace, connectorId })]
    const activate = root.networks.activeNamespace === namespace
    const caipAddress = `${sessionNetworkId(namespace, session.chainReference)}:${session.addresses[0]}`
    return [
      ...sessionEvents(root, connector, session, adapter, { activate }),
      createEvent('ACTIVE_CONNECTION_CHANGED', { namespace, connectorId, caipAddress }),
    ]
  }

/** Make `connectorId` the active wallet of `namespace`: its restore read, else a connect (SPEC §4 "the connector is connected"). */
function switchTo(runtime: WatchingRuntime, state: RootState, deps: Deps, namespace: ChainNamespace, connectorId: string): Observable<AirlockEvent | Command> {
  const provider = runtime.providers.get(connectorId)
  if (!provider || !heldConnectorIds(state, namespace).includes(connectorId)) return of(createEvent('CONNECTION_REMOVED', { namespace, connectorId }))
  if (state.connectors.activeConnectorIds[namespace] === connectorId) return EMPTY
  const network = namespaceNetwork(state, namespace)
  return withWalletWatch(runtime, namespace, provider, async (adapter) => ({
    adapter,
    session: (await adapter.restore(provider, network)) ?? (await adapter.connect(provider, network)),
  })).pipe(
    timeout({
      first: CONNECT_ANSWER_WAIT_MS,
      scheduler: deps.scheduler,
      with: () => throwError(() => new TimeoutError({ details: `${connectorId} did not answer within ${CONNECT_ANSWER_WAIT_MS / 1000} s` })),
    }),
    mergeMap(({ adapter, session }) => of(switched(namespace, connectorId, adapter, session))),
    catchError((error: unknown) => from(connectFailure(error))),
  )
}

/** Tell one wallet the visitor left (at most 3 s); the site forgets it either way. */
function tellWallet(runtime: WatchingRuntime, deps: Deps, namespace: ChainNamespace, connectorId: string): Observable<never> {
  return defer(async () => {
    const provider = runtime.providers.get(connectorId)
    if (!provider) return
    const task = provider.endSession ? provider.endSession() : runtime.loadAdapter(namespace).then((adapter) => adapter?.disconnect(provider))
    await withTimeout(task, DISCONNECT_TIMEOUT_MS, deps.scheduler)
  }).pipe(
    catchError((error: unknown) => {
      deps.logger.warn(`Disconnecting ${connectorId} on ${namespace} failed; it is forgotten all the same`, error)
      return EMPTY
    }),
    mergeMap(() => EMPTY),
  )
}

export const switchConnections =
  (runtime: WatchingRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('CONNECTION_SWITCH_REQUESTED'),
      withLatestFrom(state$),
      concatMap(([event, state]) => switchTo(runtime, state, deps, event.payload.namespace, event.payload.connectorId)),
    )

export const disconnectOneWallet =
  (runtime: WatchingRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('DISCONNECT_REQUESTED'),
      withLatestFrom(state$),
      concatMap(([event, state]) => {
        const { namespace, connectorId } = event.payload
        if (connectorId === undefined || !disconnectsOne(state, namespace, connectorId)) return EMPTY
        const removed = createEvent('CONNECTION_REMOVED', { namespace, connectorId })
        const next = heldConnectorIds(state, namespace).find((id) => id !== connectorId)
        const wasActive = state.connectors.activeConnectorIds[namespace] === connectorId
        // The next wallet takes over first, so the leaving one's farewell events are no longer the namespace's.
        const handover = wasActive && next !== undefined ? switchTo(runtime, state, deps, namespace, next) : EMPTY
        const leave = defer(() =>
          state$.pipe(
            take(1),
            // A handover that failed (the next wallet refused or is gone): the namespace's disconnect.
            mergeMap((now): Observable<AirlockEvent> =>
              now.connectors.activeConnectorIds[namespace] === connectorId && wasActive
                ? of(createEvent('DISCONNECT_REQUESTED', { namespace }))
                : concat(connectedElsewhere(now, connectorId, [namespace]) ? EMPTY : tellWallet(runtime, deps, namespace, connectorId), of(removed)),
            ),
          ),
        )
        return concat(handover, leave)
      }),
    )
