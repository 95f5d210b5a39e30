/**
 * The WalletConnect connector's effects (SPEC §4): pair (QR code or deep link) and finalise,
 * follow the session, and restore it after a reload. This module is a chunk of its own: the
 * first load holds only the trigger (./start.ts), which imports it when a visitor picks
 * WalletConnect or a stored session returns, and hands it every event from then on. The relay
 * client is loaded only inside these effects' handlers.
 */
import {
  concat,
  merge,
  defer,
  EMPTY,
  filter,
  finalize,
  firstValueFrom,
  from,
  interval,
  mergeMap,
  of,
  race,
  switchMap,
  take,
  catchError,
  withLatestFrom,
} from 'rxjs'
import type { Observable } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import type { Deps } from '../../kernel/deps'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { ConnectMethodName } from '../../events/connection'
import type { WalletEntry } from '../../events/shapes/wallet'
import { routeWallet } from '../../core/router/selectors'
import type { ResolvedOptions } from '../../events/shapes/options'
import type { WalletSession } from '../../chains/adapter'
import { closeModal } from '../../core/router/commands'
import { NO_APPROVED_ACCOUNT, NoApprovedAccountError } from '../../kernel/errors/connection'
import { sanitizeIconUrl, sanitizeWalletName } from '../sanitize'
import type { ConnectorRuntime } from '../runtime'
import { sessionEvents, sessionNetworkId } from '../session'
import { connectFailure } from '../effects/failure'
import { storedNamespaces } from '../storedConnections'
import type { RelaySession, WalletConnectClient } from './client'
import { proposalNamespaces } from './namespaces'
import { grantedSession, type GrantedNamespace } from './sessionAccounts'
import { WALLET_CONNECT_ID, WALLET_CONNECT_NAME } from './port'
import { createSessionProvider } from './sessionProvider'
import { clientOptions, type RelayRuntime } from './relayRuntime'
import { followWalletConnect } from './followSession'

/** How often a waiting pairing checks its URI's expiry. */
export const EXPIRY_CHECK_MS = 1000
/** A URI is replaced this long before it expires, so a scan never races the expiry. */
export const EXPIRY_MARGIN_MS = 5000
export const NO_ACCOUNT_MESSAGE = NO_APPROVED_ACCOUNT

/** The wallet the visitor picked in ConnectingWalletConnect, if any. */
function pickedWallet(state: RootState): WalletEntry | undefined {
  const route = state.router.history.findLast((r) => r.view === 'ConnectingWalletConnect')
  return routeWallet(route?.data)
}

/** The connector as the account shows it: the wallet's own name and icon, sanitised. */
function peerConnector(root: RootState, session: RelaySession, namespace: ChainNamespace, wallet: WalletEntry | undefined): Connector {
  const name = sanitizeWalletName(session.peer.name) ?? wallet?.name ?? WALLET_CONNECT_NAME
  const icon = session.peer.icons.map(sanitizeIconUrl).find((u) => u !== undefined && u.startsWith('https:'))
  const base = root.connectors.allConnectors.find((c) => c.id === WALLET_CONNECT_ID)
  return {
    id: WALLET_CONNECT_ID,
    name,
    type: 'WALLET_CONNECT',
    chain: namespace,
    ...(icon ? { imageUrl: icon } : base?.imageUrl ? { imageUrl: base.imageUrl } : {}),
  }
}

interface Finalise {
  readonly method: ConnectMethodName
  readonly wallet: WalletEntry | undefined
}

/**
 * The events that make a session the state: per namespace the network, the active connector and
 * the account, the approved networks; then CONNECT_SUCCESS per namespace (a fresh connection) or
 * CONNECTION_RESTORED (after a reload).
 */
async function establish(
  runtime: RelayRuntime,
  client: WalletConnectClient,
  session: RelaySession,
  root: RootState,
  deps: Deps,
  finalise: Finalise | null,
): Promise<AirlockEvent[]> {
  const networks = root.options.resolved?.networks ?? []
  const granted = grantedSession(session.namespaces, networks)
  if (granted.dropped.length > 0) deps.logger.warn('WalletConnect: parts of the session were ignored', granted.dropped)
  if (granted.namespaces.length === 0) {
    await client.disconnect(session.topic).catch(() => undefined)
    throw new NoApprovedAccountError()
  }
  const provider = runtime.provider
  const active = root.networks.activeCaipNetworkId
  provider.attach(
    {
      topic: session.topic,
      request: (chainId, method, params) => client.request(session.topic, chainId, method, params),
      end: () => client.disconnect(session.topic),
    },
    granted.namespaces,
    active,
  )
  runtime.providers.set(WALLET_CONNECT_ID, provider)
  // The active namespace first: its network becomes the active one.
  const ordered = [...granted.namespaces].sort(
    (a, b) => Number(b.namespace === root.networks.activeNamespace) - Number(a.namespace === root.networks.activeNamespace),
  )
  const events: AirlockEvent[] = []
  let state = root
  for (const g of ordered) {
    const walletSession = await namespaceSession(runtime, g, active)
    if (!walletSession) continue
    const connector = peerConnector(state, session, g.namespace, finalise?.wallet)
    events.push(...sessionEvents(state, connector, walletSession, { namespace: g.namespace }))
    events.push(createEvent('APPROVED_NETWORKS_SET', { namespace: g.namespace, caipNetworkIds: g.chains, supportsAllNetworks: false }))
    if (finalise) {
      events.push(
        createEvent('CONNECT_SUCCESS', {
          method: finalise.method,
          name: connector.name,
          namespace: g.namespace,
          connectorId: WALLET_CONNECT_ID,
          caipAddress: `${sessionNetworkId(g.namespace, walletSession.chainReference)}:${walletSession.addresses[0] ?? ''}`,
          ...(finalise.wallet ? { wallet: finalise.wallet } : {}),
          ...(finalise.method === 'mobile' && state.connection.wcLinking ? { deepLink: state.connection.wcLinking } : {}),
        }),
      )
    } else {
      events.push(createEvent('CONNECTION_RESTORED', { namespace: g.namespace, connectorId: WALLET_CONNECT_ID }))
    }
    // Later namespaces must not switch the active network the first one set.
    state = {
      ...state,
      networks: { ...state.networks, activeCaipNetworkId: state.networks.activeCaipNetworkId ?? sessionNetworkId(g.namespace, walletSession.chainReference) },
    }
  }
  if (events.length === 0) throw new NoApprovedAccountError()
  return events
}

/**
 * The addresses and chain of one namespace: through its adapter (eip155: checksums) where the
 * provider answers the namespace on the page, otherwise as granted.
 */
async function namespaceSession(runtime: RelayRuntime, g: GrantedNamespace, active: string | null): Promise<WalletSession | null> {
  if (runtime.provider.answers(g.namespace)) {
    const adapter = await runtime.loadAdapter(g.namespace)
    if (adapter) return adapter.restore(runtime.provider)
  }
  const chain = active && g.chains.includes(active) ? active : g.chains[0]
  if (!chain) return null
  return { addresses: g.addresses[chain] ?? [], chainReference: chain.slice(g.namespace.length + 1) }
}

/**
 * CONNECT_REQUESTED for WalletConnect: a pairing URI (WC_URI_SET), replaced before it expires,
 * until the wallet answers; then the session becomes the state. A refusal is USER_REJECTED, any
 * other failure CONNECT_ERROR and wcError (the view offers a retry). A new request replaces the
 * pairing in progress.
 */
export const pairWalletConnect =
  (runtime: RelayRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('CONNECT_REQUESTED'),
      filter((event) => event.payload.connectorId === WALLET_CONNECT_ID),
      withLatestFrom(state$),
      switchMap(([, state]) => {
        const options = state.options.resolved
        if (!options) return EMPTY
        const start = [
          createEvent('CONNECTION_STATUS_CHANGED', { status: 'connecting' as const }),
          createEvent('WC_ERROR_SET', { error: false }),
          createEvent('WC_LINKING_SET', { linking: null }),
          createEvent('BUFFERING_SET', { buffering: true }),
        ]
        const pairing = defer(() => runtime.walletConnect.load(clientOptions(options, deps))).pipe(
          switchMap((client) => pairUntilApproved(runtime, client, options, state$, deps)),
          // A command: the status is read on the state at its turn (another namespace may be connected).
          catchError((error: unknown) =>
            of<Command>((root) => [
              ...connectFailure(error),
              createEvent('WC_ERROR_SET', { error: true }),
              createEvent('WC_URI_SET', { uri: null, expiry: null }),
              createEvent('CONNECTION_STATUS_CHANGED', {
                status: root.connection.connectedNamespaces.length > 0 ? ('connected' as const) : ('disconnected' as const),
              }),
            ]),
          ),
        )
        return concat(from(start), pairing)
      }),
    )

function pairUntilApproved(
  runtime: RelayRuntime,
  client: WalletConnectClient,
  options: ResolvedOptions,
  state$: Observable<RootState>,
  deps: Deps,
): Observable<AirlockEvent | Command> {
  return defer(() => client.pair(proposalNamespaces(options.networks, options.defaultNetwork).optional)).pipe(
    switchMap((pairing) => {
      let answered = false
      const expired = interval(EXPIRY_CHECK_MS, deps.scheduler).pipe(
        filter(() => deps.clock.now() >= pairing.expiry - EXPIRY_MARGIN_MS),
        take(1),
        // An expired URI is replaced without the visitor doing anything.
        switchMap(() => pairUntilApproved(runtime, client, options, state$, deps)),
      )
      const approved = from(pairing.approval).pipe(
        mergeMap(async (session) => {
          answered = true
          const root = await firstValueFrom(state$)
          const finalise: Finalise = { method: root.connection.wcLinking ? 'mobile' : 'qrcode', wallet: pickedWallet(root) }
          const events = await establish(runtime, client, session, root, deps, finalise)
          const after = relayConfigured(events)
          // The closing is a command, so its MODAL_CLOSE says `connected: true` (read after CONNECT_SUCCESS).
          return [
            ...events,
            createEvent('WC_URI_SET', { uri: null, expiry: null }),
            createEvent('BUFFERING_SET', { buffering: false }),
            ...(after ? [closeModal] : []),
          ]
        }),
        mergeMap((events) => from(events)),
      )
      return concat(
        of(createEvent('WC_URI_SET', { uri: pairing.uri, expiry: pairing.expiry }), createEvent('BUFFERING_SET', { buffering: false })),
        race(approved, expired),
      ).pipe(
        // A replaced or abandoned pairing is given up, so its URI pairs with nothing afterwards.
        finalize(() => {
          if (!answered) void pairing.drop()
        }),
      )
    }),
  )
}

/** Whether the session landed on a configured network (else UnsupportedChain takes the modal). */
const relayConfigured = (events: readonly AirlockEvent[]): boolean => !events.some((e) => e.type === 'NETWORK_UNSUPPORTED')

/**
 * After a reload (SPEC §4): a stored WalletConnect connection loads the client and takes its live
 * session back, or fails the connection check when the session is gone.
 */
export const restoreWalletConnect =
  (runtime: RelayRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('STORAGE_HYDRATED'),
      take(1),
      mergeMap((event) => {
        const namespaces = storedNamespaces(event.payload.values, (id) => id === WALLET_CONNECT_ID)
        if (namespaces.length === 0) return EMPTY
        const failed = (): AirlockEvent[] => namespaces.map((namespace) => createEvent('CONNECTION_CHECK_FAILED', { namespace }))
        return defer(async (): Promise<AirlockEvent[]> => {
          const root = await firstValueFrom(state$)
          const options = root.options.resolved
          if (!options) return failed()
          const client = await runtime.walletConnect.load(clientOptions(options, deps))
          const session = client.sessions().at(-1)
          if (!session) return failed()
          const events = await establish(runtime, client, session, root, deps, null)
          const restored = new Set(events.flatMap((e) => (e.type === 'CONNECTION_RESTORED' ? [e.payload.namespace] : [])))
          return [...events, ...namespaces.filter((ns) => !restored.has(ns)).map((namespace) => createEvent('CONNECTION_CHECK_FAILED', { namespace }))]
        }).pipe(
          catchError((error: unknown) => {
            deps.logger.warn('WalletConnect: the stored session could not be restored', error)
            return of(failed())
          }),
          mergeMap((events) => from(events)),
        )
      }),
    )

/**
 * Every WalletConnect effect of one instance, over one session provider: what the trigger
 * (./start.ts) runs once this chunk has loaded.
 *
 * ```ts
 * const { walletConnectEffects } = await import('./effects')
 * walletConnectEffects(runtime)(events$, state$, deps) // pairs, restores and follows
 * ```
 */
export function walletConnectEffects(runtime: ConnectorRuntime): Effect {
  const relay: RelayRuntime = { ...runtime, provider: createSessionProvider() }
  return (events$, state$, deps) =>
    merge(
      pairWalletConnect(relay)(events$, state$, deps),
      restoreWalletConnect(relay)(events$, state$, deps),
      followWalletConnect(relay)(events$, state$, deps),
    )
}
