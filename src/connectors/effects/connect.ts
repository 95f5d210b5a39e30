/**
 * Connect through a wallet the page holds (injected or announced): on CONNECT_REQUESTED for a
 * connector with a provider, listen to the wallet's events (attach first, see walletWatches),
 * ask for the accounts, make the session the state, and emit CONNECT_SUCCESS with method
 * `browser`. A newer request replaces an older one still pending. Connectors without a provider
 * here (WalletConnect, the embedded wallet) are left to their own effects.
 *
 * What follows the wallet's answer is emitted as commands, run on the state at their turn: the
 * session's events see the network as it is then, and the MODAL_CLOSE after CONNECT_SUCCESS says
 * `connected: true` (DESIGN "Events": a payload describes the state after the events before it).
 */
import { catchError, concat, EMPTY, from, mergeMap, of, switchMap, withLatestFrom } from 'rxjs'
import type { ChainAdapter, WalletSession } from '../../chains/adapter'
import type { Connector } from '../../events/shapes/connector'
import type { Command, Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent } from '../../kernel/registry'
import { closeModal } from '../../core/router/commands'
import type { WatchingRuntime } from '../runtime'
import { isSessionChainConfigured, sessionEvents, sessionNetworkId } from '../session'
import { withWalletWatch } from '../walletWatches'
import { connectFailure } from './failure'

/** The commands that make a wallet's answer the state, then close the modal. */
function connected(connector: Connector, adapter: ChainAdapter, session: WalletSession): Command[] {
  const success = createEvent('CONNECT_SUCCESS', {
    method: 'browser',
    name: connector.name,
    namespace: connector.chain,
    connectorId: connector.id,
    caipAddress: `${sessionNetworkId(connector.chain, session.chainReference)}:${session.addresses[0] ?? ''}`,
  })
  return [
    (root) => [...sessionEvents(root, connector, session, adapter), success],
    // The modal closes on a connection, unless the wallet is on a chain the site does not
    // support: then the UnsupportedChain view takes it over (see unsupportedChain.ts).
    (root) => (isSessionChainConfigured(root, adapter, session) ? closeModal(root) : []),
  ]
}

/** The refusal or failure, and the status: still connected when another namespace is. */
const failed =
  (error: unknown): Command =>
  (root) => [
    ...connectFailure(error),
    createEvent('CONNECTION_STATUS_CHANGED', { status: root.connection.connectedNamespaces.length > 0 ? 'connected' : 'disconnected' }),
  ]

export const connectWallet =
  (runtime: WatchingRuntime): Effect =>
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
        const attempt = withWalletWatch(runtime, connector.chain, provider, async (adapter) => ({ adapter, session: await adapter.connect(provider) })).pipe(
          mergeMap(({ adapter, session }) => from(connected(connector, adapter, session))),
          catchError((error: unknown) => of(failed(error))),
        )
        return concat(of(createEvent('CONNECTION_STATUS_CHANGED', { status: 'connecting' })), attempt)
      }),
    )
