/**
 * How an approved or restored relay session becomes the state: the session is read first (its
 * grant decoded, the session provider attached, each namespace's accounts and chain read through
 * its adapter), then a command makes its events from the state at its turn in the queue (DESIGN
 * "Events"): whatever landed in the log while the session was read (a deep link the visitor
 * opened, a network switch) is in them.
 */
import type { Command } from '../../kernel/module'
import type { Deps } from '../../kernel/deps'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { WalletEntry } from '../../events/shapes/wallet'
import type { WalletSession } from '../../chains/adapter'
import { routeWallet } from '../../core/router/selectors'
import { NoApprovedAccountError } from '../../kernel/errors/connection'
import { sanitizeIconUrl, sanitizeWalletName } from '../sanitize'
import { sessionEvents, sessionNetworkId } from '../session'
import type { RelaySession, WalletConnectClient } from './client'
import { grantedSession, type GrantedNamespace } from './sessionAccounts'
import { WALLET_CONNECT_ID, WALLET_CONNECT_NAME } from './port'
import type { RelayRuntime } from './relayRuntime'

/** A fresh connection (CONNECT_SUCCESS per namespace) or one taken back after a reload (CONNECTION_RESTORED). */
export type Arrival = 'connected' | 'restored'

/**
 * A granted namespace and its session as its adapter read it from the provider, or `granted`
 * where the provider does not answer the namespace: then the accounts and chain are the granted
 * ones, on the active network if granted, chosen at the command's turn.
 */
interface ReadNamespace {
  readonly granted: GrantedNamespace
  readonly session: WalletSession | 'granted'
}

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

/**
 * Read the session, then the command of the events that make it the state: per namespace the
 * network, the active connector and the account, the approved networks; then CONNECT_SUCCESS or
 * CONNECTION_RESTORED. `root` is the state when the session arrived, for what the reading needs
 * (the configured networks, the chain the provider starts on); the events never read it. `only`:
 * the namespaces to take (a restore takes back those stored as connected, so a namespace the
 * visitor left while the session went on stays left after a reload); every granted one without it.
 * Throws NoApprovedAccountError when no namespace taken has an account.
 */
export async function establish(
  runtime: RelayRuntime,
  client: WalletConnectClient,
  session: RelaySession,
  root: RootState,
  deps: Deps,
  arrival: Arrival,
  only?: readonly ChainNamespace[],
): Promise<Command> {
  const granted = grantedSession(session.namespaces, root.options.resolved?.networks ?? [])
  if (granted.dropped.length > 0) deps.logger.warn('WalletConnect: parts of the session were ignored', granted.dropped)
  if (granted.namespaces.length === 0) {
    await client.disconnect(session.topic).catch(() => undefined)
    throw new NoApprovedAccountError()
  }
  const provider = runtime.provider
  provider.attach(
    {
      topic: session.topic,
      request: (chainId, method, params) => client.request(session.topic, chainId, method, params),
      end: () => client.disconnect(session.topic),
    },
    granted.namespaces,
    root.networks.activeCaipNetworkId,
  )
  runtime.providers.set(WALLET_CONNECT_ID, provider)
  const read: ReadNamespace[] = []
  for (const g of granted.namespaces) {
    if (only && !only.includes(g.namespace)) continue
    const walletSession = await adapterSession(runtime, g)
    if (walletSession) read.push({ granted: g, session: walletSession })
  }
  if (read.length === 0) throw new NoApprovedAccountError()
  return (state) => sessionArrived(state, session, read, arrival)
}

/**
 * The session of a namespace the provider answers, through its adapter (eip155: checksums);
 * `granted` for one it does not answer (or whose adapter this build lacks); null when the adapter
 * finds no account.
 */
async function adapterSession(runtime: RelayRuntime, g: GrantedNamespace): Promise<WalletSession | 'granted' | null> {
  if (runtime.provider.answers(g.namespace)) {
    const adapter = await runtime.loadAdapter(g.namespace)
    if (adapter) return adapter.restore(runtime.provider)
  }
  return g.chains.length > 0 ? 'granted' : null
}

function grantedOn(g: GrantedNamespace, active: string | null): WalletSession {
  const chain = active && g.chains.includes(active) ? active : (g.chains[0] ?? '')
  return { addresses: g.addresses[chain] ?? [], chainReference: chain.slice(g.namespace.length + 1) }
}

function sessionArrived(root: RootState, session: RelaySession, read: readonly ReadNamespace[], arrival: Arrival): AirlockEvent[] {
  const method = root.connection.wcLinking ? ('mobile' as const) : ('qrcode' as const)
  const wallet = arrival === 'connected' ? pickedWallet(root) : undefined
  // The active namespace first: its network becomes the active one.
  const ordered = [...read].sort(
    (a, b) => Number(b.granted.namespace === root.networks.activeNamespace) - Number(a.granted.namespace === root.networks.activeNamespace),
  )
  const events: AirlockEvent[] = []
  let state = root
  for (const [index, { granted: g, session: found }] of ordered.entries()) {
    const walletSession = found === 'granted' ? grantedOn(g, root.networks.activeCaipNetworkId) : found
    const connector = peerConnector(state, session, g.namespace, wallet)
    // Only the first (active) namespace's network becomes the active one.
    events.push(...sessionEvents(state, connector, walletSession, { namespace: g.namespace }, { activate: index === 0 }))
    events.push(createEvent('NETWORKS_APPROVED', { namespace: g.namespace, caipNetworkIds: g.chains, supportsAllNetworks: false }))
    if (arrival === 'connected') {
      events.push(
        createEvent('CONNECT_SUCCESS', {
          method,
          name: connector.name,
          namespace: g.namespace,
          connectorId: WALLET_CONNECT_ID,
          caipAddress: `${sessionNetworkId(g.namespace, walletSession.chainReference)}:${walletSession.addresses[0] ?? ''}`,
          ...(wallet ? { wallet } : {}),
          ...(root.connection.wcLinking ? { deepLink: root.connection.wcLinking } : {}),
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
  return events
}
