/**
 * Connect through a wallet the page holds (injected, announced, Wallet Standard, a Bitcoin
 * provider): on CONNECT_REQUESTED for a connector with a provider, listen to the wallet's events
 * (attach first, see walletWatches), ask for the accounts, make the session the state, and emit
 * CONNECT_SUCCESS with method `browser`. A newer request replaces an older one still pending.
 * Connectors without a provider here (WalletConnect, the embedded wallet) are left to their own
 * effects.
 *
 * A multi-chain wallet (one entry of Connect for the same wallet on several namespaces, SPEC §3
 * MULTI_CHAIN) connects every namespace the site configured, one prompt after another, the active
 * namespace first. The first namespace decides: its refusal or failure is the connection's. A
 * later one that fails is left out (the visitor is connected on the others) and reported, so one
 * half of a wallet that misbehaves does not undo the half that worked.
 *
 * What follows the wallet's answer is emitted as commands, run on the state at their turn: the
 * session's events see the network as it is then, and the MODAL_CLOSE after CONNECT_SUCCESS says
 * `connected: true` (DESIGN "Events": a payload describes the state after the events before it).
 *
 * A wallet that does not answer within CONNECT_ANSWER_WAIT_MS (SPEC §9, 30 s) fails the attempt
 * with "The request took too long to respond"; its answer after that changes nothing.
 */
import { catchError, concat, defer, EMPTY, mergeMap, of, switchMap, throwError, timeout, withLatestFrom, type Observable } from 'rxjs'
import type { ChainAdapter, WalletSession } from '../../chains/adapter'
import type { Connector } from '../../events/shapes/connector'
import type { Command, Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { closeModal } from '../../core/router/commands'
import { namespaceNetwork } from '../../core/networks/selectors'
import type { WatchingRuntime } from '../runtime'
import { isSessionChainConfigured, sessionEvents, sessionNetworkId } from '../session'
import { withWalletWatch } from '../walletWatches'
import { CONNECT_ANSWER_WAIT_MS } from '../timeout'
import { TimeoutError } from '../../kernel/errors/http'
import { connectFailure } from './failure'

/** The commands that make a wallet's answer the state (also the embedded wallet's connect on a switch, ./embeddedSwitch.ts). */
export function connected(connector: Connector, adapter: ChainAdapter, session: WalletSession, activate = true): Command {
  const success = createEvent('CONNECT_SUCCESS', {
    method: 'browser',
    name: connector.name,
    namespace: connector.chain,
    connectorId: connector.id,
    caipAddress: `${sessionNetworkId(connector.chain, session.chainReference)}:${session.addresses[0] ?? ''}`,
  })
  return (root) => [...sessionEvents(root, connector, session, adapter, { activate }), success]
}

/**
 * The modal closes on a connection, unless the wallet is on a chain the site does not support:
 * then the UnsupportedChain view takes it over (see unsupportedChain.ts).
 */
const closeUnlessUnsupported =
  (adapter: ChainAdapter, session: WalletSession): Command =>
  (root) =>
    isSessionChainConfigured(root, adapter, session) ? closeModal(root) : []

/**
 * The connectors a request for `connectorId` connects, the active namespace first: the members of
 * a multi-chain entry whose namespace the site configured and whose provider is here, or the one
 * connector.
 *
 * ```ts
 * connectTargets(state, 'dev.airlock.demo-wallet', providers) // [demoEvm, demoSolana, demoBitcoin]
 * ```
 */
export function connectTargets(state: RootState, connectorId: string, has: (id: string) => boolean): Connector[] {
  const entry = state.connectors.connectors.find((c) => c.id === connectorId && c.connectors !== undefined)
  const single = state.connectors.allConnectors.find((c) => c.id === connectorId)
  const members = entry?.connectors ?? (single ? [single] : [])
  const active = state.networks.activeNamespace
  const usable = members.filter((c) => c.type !== 'WALLET_CONNECT' && has(c.id) && namespaceNetwork(state, c.chain) !== undefined)
  // Connected on some namespaces already (the visitor switched to one without a wallet, SPEC §4):
  // connect the others only; asking again where it is connected would prompt for nothing.
  const connected = state.connection.connectedNamespaces
  const missing = usable.filter((c) => !connected.includes(c.chain))
  return (missing.length > 0 ? missing : usable).sort((a, b) => Number(b.chain === active) - Number(a.chain === active))
}

export const connectWallet =
  (runtime: WatchingRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('CONNECT_REQUESTED'),
      withLatestFrom(state$),
      switchMap(([event, state]) => {
        // WalletConnect pairs in its own effect (walletconnect/effects.ts), even once its session provider exists.
        const targets = connectTargets(state, event.payload.connectorId, (id) => runtime.providers.has(id))
        if (targets.length === 0) return EMPTY
        const one = (connector: Connector) => {
          const provider = runtime.providers.get(connector.id)
          const network = namespaceNetwork(state, connector.chain)
          if (!provider) return EMPTY
          // A wallet that never answers fails the attempt after SPEC §9's 30 s; its watch is let go.
          return withWalletWatch(runtime, connector.chain, provider, async (adapter) => ({ adapter, session: await adapter.connect(provider, network) })).pipe(
            timeout({
              first: CONNECT_ANSWER_WAIT_MS,
              scheduler: deps.scheduler,
              with: () => throwError(() => new TimeoutError({ details: `${connector.name} did not answer within ${CONNECT_ANSWER_WAIT_MS / 1000} s` })),
            }),
          )
        }
        const [first, ...rest] = targets as [Connector, ...Connector[]]
        const attempt: Observable<AirlockEvent | Command> = one(first).pipe(
          mergeMap(({ adapter, session }) => {
            // The other namespaces of a multi-chain wallet, one prompt at a time.
            const others = rest.map((connector) =>
              defer(() => one(connector)).pipe(
                mergeMap((next) => of(connected(connector, next.adapter, next.session, false))),
                catchError((error: unknown) => {
                  deps.logger.warn(`Connecting ${connector.name} on ${connector.chain} failed; connected on the others`, error)
                  return EMPTY
                }),
              ),
            )
            return concat(of(connected(first, adapter, session)), ...others, of(closeUnlessUnsupported(adapter, session)))
          }),
          catchError((error: unknown) => of(...connectFailure(error))),
        )
        return concat(of(createEvent('CONNECT_STARTED', { connectorId: first.id })), attempt)
      }),
    )
