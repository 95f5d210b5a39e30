/**
 * Follow the connected wallet of each namespace: accountsChanged, chainChanged and disconnect
 * (EIP-1193 events) become state. An empty account list means the wallet let go of the site.
 */
import { distinctUntilChanged, EMPTY, firstValueFrom, from, map, merge, mergeMap, Observable, switchMap } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { findNetwork } from '../../core/networks/selectors'
import type { ConnectorRuntime } from '../runtime'
import { accountEvent, sessionNetworkId } from '../session'

/** The namespaces whose wallets are followed (each with an adapter in this build or the next). */
const FOLLOWED: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']

const connectedConnector = (namespace: ChainNamespace) => (state: RootState) =>
  state.connection.connectedNamespaces.includes(namespace) ? state.connectors.activeConnectorIds[namespace] : null

/** The events of a chainChanged: the network (or the placeholder) and the CAIP-10 address on it. */
function chainChangedEvents(root: RootState, namespace: ChainNamespace, chainReference: string): AirlockEvent[] {
  const caipNetworkId = sessionNetworkId(namespace, chainReference)
  const events: AirlockEvent[] = findNetwork(root.networks, caipNetworkId)
    ? root.networks.activeCaipNetworkId === caipNetworkId
      ? []
      : [createEvent('NETWORK_SWITCHED', { caipNetworkId })]
    : [createEvent('NETWORK_UNSUPPORTED', { namespace, chainId: chainReference })]
  const address = root.account.accounts[namespace].address
  if (address) events.push(createEvent('ACCOUNT_SET', { namespace, fields: { caipAddress: `${caipNetworkId}:${address}` } }))
  return events
}

export const followWallets =
  (runtime: ConnectorRuntime): Effect =>
  (_events$, state$) =>
    merge(
      ...FOLLOWED.map((namespace) =>
        state$.pipe(
          map(connectedConnector(namespace)),
          distinctUntilChanged(),
          switchMap((connectorId) => {
            const provider = connectorId ? runtime.providers.get(connectorId) : undefined
            if (!provider) return EMPTY
            return from(runtime.loadAdapter(namespace)).pipe(
              switchMap((adapter) => {
                if (!adapter) return EMPTY
                return new Observable<() => Promise<AirlockEvent[]>>((subscriber) =>
                  adapter.subscribe(provider, {
                    accountsChanged: (addresses) =>
                      subscriber.next(async () => {
                        if (addresses.length === 0) {
                          return [createEvent('DISCONNECT_SUCCESS', { namespace }), createEvent('CONNECTION_RESET', { namespace })]
                        }
                        const root = await firstValueFrom(state$)
                        const active = root.networks.activeCaipNetworkId
                        const caipNetworkId = active?.startsWith(`${namespace}:`) ? active : `${namespace}:unknown`
                        return [accountEvent(namespace, caipNetworkId, addresses)]
                      }),
                    chainChanged: (chainReference) => subscriber.next(async () => chainChangedEvents(await firstValueFrom(state$), namespace, chainReference)),
                    disconnect: () =>
                      subscriber.next(async () => [createEvent('DISCONNECT_SUCCESS', { namespace }), createEvent('CONNECTION_RESET', { namespace })]),
                  }),
                )
              }),
              // One wallet event at a time, in the order the wallet sent them.
              mergeMap((handle) => from(handle()), 1),
              mergeMap((events) => from(events)),
            )
          }),
        ),
      ),
    )
