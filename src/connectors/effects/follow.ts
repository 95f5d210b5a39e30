/**
 * Follow the connected wallet of each namespace: accountsChanged, chainChanged and disconnect
 * (EIP-1193 events) become state. An empty account list means the wallet let go of the site.
 *
 * The listener is usually attached already: the connect and restore effects attach it before
 * they ask the wallet anything (walletWatches), and this effect takes over its events once the
 * state says the wallet is connected, those kept meanwhile first. A connection made elsewhere (a
 * relay session) gets its listener here. Each wallet event becomes a command, run on the state at
 * its turn, and only while that wallet is still the namespace's connected one.
 */
import { distinctUntilChanged, EMPTY, map, merge, Observable, switchMap, type Subscription } from 'rxjs'
import type { WalletProvider } from '../../chains/adapter'
import type { Command, Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { findNetwork, namespaceNetwork } from '../../core/networks/selectors'
import type { WatchingRuntime } from '../runtime'
import { accountEvent, sessionNetworkId } from '../session'
import type { WalletEvent, WalletWatch } from '../walletWatches'

/** The namespaces whose wallets are followed (each with an adapter in this build or the next). */
const FOLLOWED: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']

const connectedConnector = (namespace: ChainNamespace) => (state: RootState) =>
  state.connection.connectedNamespaces.includes(namespace) ? state.connectors.activeConnectorIds[namespace] : null

/**
 * The event of a chainChanged: the network, or the placeholder (none when the switch is recorded
 * already). The account's CAIP-10 address follows either in the account reducer.
 */
function chainChangedEvents(root: RootState, namespace: ChainNamespace, chainReference: string): AirlockEvent[] {
  const caipNetworkId = sessionNetworkId(namespace, chainReference)
  if (!findNetwork(root.networks, caipNetworkId)) return [createEvent('NETWORK_UNSUPPORTED', { namespace, chainId: chainReference })]
  return root.networks.activeCaipNetworkId === caipNetworkId ? [] : [createEvent('NETWORK_SWITCHED', { caipNetworkId })]
}

/**
 * The chain a namespace's account is on: the active network in the active namespace; elsewhere the
 * chain of its CAIP-10 address (a second namespace of a multi-chain wallet is not the active one),
 * else the namespace's selected network.
 */
function accountNetworkId(root: RootState, namespace: ChainNamespace): string {
  const active = root.networks.activeCaipNetworkId
  if (active?.startsWith(`${namespace}:`)) return active
  const held = root.account.accounts[namespace].caipAddress
  if (held) return held.slice(0, held.lastIndexOf(':'))
  return namespaceNetwork(root, namespace)?.caipNetworkId ?? `${namespace}:unknown`
}

function walletEventEvents(root: RootState, namespace: ChainNamespace, event: WalletEvent): AirlockEvent[] {
  switch (event.type) {
    case 'accountsChanged': {
      if (event.addresses.length === 0) return [createEvent('DISCONNECT_SUCCESS', { namespace }), createEvent('CONNECTION_RESET', { namespace })]
      return [accountEvent(namespace, accountNetworkId(root, namespace), event.addresses, undefined, event.types)]
    }
    case 'chainChanged':
      return chainChangedEvents(root, namespace, event.chainReference)
    case 'disconnect':
      return [createEvent('DISCONNECT_SUCCESS', { namespace }), createEvent('CONNECTION_RESET', { namespace })]
  }
}

/**
 * A wallet event as a command: applied on the state at its turn, and only while the wallet is
 * still the namespace's connected one (an event that was in flight when it left is dropped).
 */
const walletEventCommand =
  (namespace: ChainNamespace, connectorId: string, event: WalletEvent): Command =>
  (root) =>
    connectedConnector(namespace)(root) === connectorId ? walletEventEvents(root, namespace, event) : []

/** The wallet's events: from the listener a connect or restore attached, or from a new one. */
function walletEvents(runtime: WatchingRuntime, namespace: ChainNamespace, provider: WalletProvider): Observable<WalletEvent> {
  return new Observable<WalletEvent>((subscriber) => {
    let watch: WalletWatch | undefined
    let events: Subscription | undefined
    let closed = false
    const take = (held: WalletWatch): void => {
      watch = held
      events = held.events$.subscribe(subscriber)
    }
    // Joined at once when attached already: the events kept meanwhile are delivered right now.
    const joined = runtime.watches.join(namespace, provider)
    if (joined) take(joined)
    else {
      runtime.loadAdapter(namespace).then(
        (adapter) => {
          if (closed) return
          // No adapter for the namespace in this build: nothing to follow (its session, if any, is
          // followed by its connector, as a relay session's solana accounts are).
          if (!adapter) subscriber.complete()
          else take(runtime.watches.hold(namespace, provider, adapter))
        },
        (error: unknown) => subscriber.error(error),
      )
    }
    return () => {
      closed = true
      events?.unsubscribe()
      watch?.release()
    }
  })
}

export const followWallets =
  (runtime: WatchingRuntime): Effect =>
  (_events$, state$) =>
    merge(
      ...FOLLOWED.map((namespace) =>
        state$.pipe(
          map(connectedConnector(namespace)),
          distinctUntilChanged(),
          switchMap((connectorId) => {
            const provider = connectorId ? runtime.providers.get(connectorId) : undefined
            if (!connectorId || !provider) return EMPTY
            return walletEvents(runtime, namespace, provider).pipe(map((event) => walletEventCommand(namespace, connectorId, event)))
          }),
        ),
      ),
    )
