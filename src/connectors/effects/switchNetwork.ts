/**
 * Switch through the wallet (SPEC §4 "same namespace with an address: switch via the adapter"):
 * on NETWORK_SWITCH_REQUESTED, ask the connected wallet to move (adding the chain on 4902), then
 * record the network. A refusal or failure is NETWORK_SWITCH_FAILED, on which the modal goes back.
 * When the previous network was not one the site supports, a successful switch closes the modal.
 */
import { catchError, concatMap, defer, firstValueFrom, from, mergeMap, of, withLatestFrom } from 'rxjs'
import { CHAIN_ADAPTER_NOT_FOUND, errorMessage } from '../../chains/adapter'
import type { Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { findNetwork } from '../../core/networks/selectors'
import { selectIsActiveNetworkSupported } from '../../core/networks/selectors'
import { closeModal } from '../../core/router/commands'
import { NETWORK_NOT_FOUND } from '../../core/networks/commands'
import type { ConnectorRuntime } from '../runtime'

export const SWITCH_FAILED_MESSAGE = 'The wallet did not switch networks'

export const switchWalletNetwork =
  (runtime: ConnectorRuntime): Effect =>
  (events$, state$) =>
    events$.pipe(
      ofType('NETWORK_SWITCH_REQUESTED'),
      withLatestFrom(state$),
      // One switch at a time: a wallet shows one prompt at a time.
      concatMap(([event, state]) => {
        const { caipNetworkId } = event.payload
        const network = findNetwork(state.networks, caipNetworkId)
        if (!network) return of(createEvent('NETWORK_SWITCH_FAILED', { caipNetworkId, message: NETWORK_NOT_FOUND }))
        const namespace = network.chainNamespace
        const connectorId = state.connectors.activeConnectorIds[namespace]
        const provider = connectorId ? runtime.providers.get(connectorId) : undefined
        if (!provider || !state.connection.connectedNamespaces.includes(namespace)) {
          return of(createEvent('NETWORK_SWITCHED', { caipNetworkId }))
        }
        const wasSupported = selectIsActiveNetworkSupported(state)
        return defer(async (): Promise<AirlockEvent[]> => {
          const adapter = await runtime.loadAdapter(namespace)
          if (!adapter) throw new Error(CHAIN_ADAPTER_NOT_FOUND)
          await adapter.switchNetwork(provider, network)
          const root = await firstValueFrom(state$)
          const events: AirlockEvent[] = []
          // The wallet's chainChanged may have recorded it already.
          if (root.networks.activeCaipNetworkId !== caipNetworkId) events.push(createEvent('NETWORK_SWITCHED', { caipNetworkId }))
          const address = root.account.accounts[namespace].address
          if (address) events.push(createEvent('ACCOUNT_SET', { namespace, fields: { caipAddress: `${caipNetworkId}:${address}` } }))
          if (!wasSupported) events.push(...closeModal(root))
          return events
        }).pipe(
          catchError((error: unknown) => [[createEvent('NETWORK_SWITCH_FAILED', { caipNetworkId, message: errorMessage(error, SWITCH_FAILED_MESSAGE) })]]),
          mergeMap((events) => from(events)),
        )
      }),
    )
