/**
 * Reconnect after a reload (SPEC §4): when storage says a namespace was connected through a
 * connector, wait for that wallet's provider to appear (announcements arrive as the page loads),
 * then ask it for its accounts without a prompt. Accounts → CONNECTION_RESTORED with the session
 * as state; none, an error, or no provider within RESTORE_WAIT_MS → CONNECTION_CHECK_FAILED, which
 * clears the stored login fields. Connectors without a provider here are left to their own effects
 * (a relay session restores itself), unless none claims them in time.
 *
 * The wallet's events are listened for before the restore read (see walletWatches), and the
 * session becomes the state through a command, on the state at its turn.
 */
import { catchError, concat, EMPTY, filter, map, merge, mergeMap, of, startWith, take, timeout, withLatestFrom } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { StoredValues } from '../../events/shapes/storage'
import type { ChainAdapter, WalletSession } from '../../chains/adapter'
import type { WatchingRuntime } from '../runtime'
import { storedNamespaces } from '../storedConnections'
import { WALLET_CONNECT_ID } from '../walletconnect/port'
import { sessionEvents } from '../session'
import { namespaceNetwork } from '../../core/networks/selectors'
import { withWalletWatch } from '../walletWatches'

/** How long a stored connection waits for its wallet's provider to be announced. */
export const RESTORE_WAIT_MS = 3000

/**
 * Connector ids other effects restore (relay sessions). The embedded wallet (AUTH) restores here:
 * its provider is registered when its plugin loads and asks the frame for the session.
 */
const RESTORED_ELSEWHERE = new Set([WALLET_CONNECT_ID, 'ID_AUTH'])

/**
 * The session as the state, or the failed check when the connector is gone from the state. Only
 * the active namespace's session moves the active network (to the chain its wallet is on): SPEC
 * §3 stores "active namespace" and "active network id", and §4 "Switching ... records the active
 * network id", so a reload comes back where the visitor left, which the storage read made active.
 * Another namespace restored with it (a multi-chain wallet's other halves) is recorded on its own
 * chain, as a connect records it, whichever wallet answers last.
 */
const restored =
  (namespace: ChainNamespace, connectorId: string, adapter: ChainAdapter, session: WalletSession): Command =>
  (root) => {
    const connector = root.connectors.allConnectors.find((c) => c.id === connectorId)
    if (!connector) return [createEvent('CONNECTION_CHECK_FAILED', { namespace })]
    const activate = root.networks.activeNamespace === namespace
    return [...sessionEvents(root, connector, session, adapter, { activate }), createEvent('CONNECTION_RESTORED', { namespace, connectorId })]
  }

/** The wallets stored beside the active one of `namespace` (several at once, issue 28 §2). */
function heldBeside(values: StoredValues, namespace: ChainNamespace, activeId: string): string[] {
  const ids = (values.connections?.[namespace] ?? []).map((c) => c.connectorId)
  return ids.filter((id, i) => id !== activeId && ids.indexOf(id) === i && !RESTORED_ELSEWHERE.has(id))
}

export const restoreConnections =
  (runtime: WatchingRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('STORAGE_HYDRATED'),
      take(1),
      mergeMap((event) => {
        const stored = event.payload.values.connectedConnectorIds ?? {}
        const restoring = storedNamespaces(event.payload.values, (id) => !RESTORED_ELSEWHERE.has(id))
        if (restoring.length === 0) return EMPTY
        /** The session of `connectorId`'s wallet, read without a prompt once its provider is here; null when it has none. */
        const read = (namespace: ChainNamespace, connectorId: string) =>
          runtime.providers.added$.pipe(
            startWith(connectorId),
            filter((id) => id === connectorId && runtime.providers.has(id)),
            take(1),
            timeout({ first: RESTORE_WAIT_MS, scheduler: deps.scheduler }),
            withLatestFrom(state$),
            mergeMap(([, state]) => {
              const provider = runtime.providers.get(connectorId)
              if (!provider) return of(null)
              const network = namespaceNetwork(state, namespace)
              return withWalletWatch(runtime, namespace, provider, async (adapter) => {
                const session = await adapter.restore(provider, network)
                return session ? { adapter, session } : null
              })
            }),
          )
        return merge(
          ...restoring.map((namespace) => {
            const connectorId = stored[namespace] as string
            const failed: AirlockEvent = createEvent('CONNECTION_CHECK_FAILED', { namespace })
            // The other wallets the namespace held come back beside it once it is restored; one
            // that no longer answers is dropped from the list (the namespace stays connected).
            const held = heldBeside(event.payload.values, namespace, connectorId).map((id) =>
              read(namespace, id).pipe(
                map((found): AirlockEvent => {
                  const address = found?.session.addresses[0]
                  return address
                    ? createEvent('CONNECTION_HELD', { namespace, connectorId: id, address })
                    : createEvent('CONNECTION_REMOVED', { namespace, connectorId: id })
                }),
                catchError(() => of(createEvent('CONNECTION_REMOVED', { namespace, connectorId: id }))),
              ),
            )
            return read(namespace, connectorId).pipe(
              mergeMap((found) => (found ? concat(of(restored(namespace, connectorId, found.adapter, found.session)), merge(...held)) : of(failed))),
              catchError(() => of(failed)),
            )
          }),
        )
      }),
    )
