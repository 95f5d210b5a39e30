/**
 * Switch through the wallet (SPEC §4 "same namespace with an address: switch via the adapter"):
 * on NETWORK_SWITCH_REQUESTED, ask the connected wallet to move (adding the chain on 4902), then
 * record the network. A refusal or failure is NETWORK_SWITCH_FAILED (with the wallet's code), on
 * which the modal goes back. When the previous network was not one the site supports, a
 * successful switch closes the modal. What follows the wallet's answer is emitted as commands, so
 * it reads the state at its turn (the wallet's own chainChanged may have recorded the switch).
 * To another namespace with the embedded wallet connected, it connects that wallet there first
 * (./embeddedSwitch.ts), this switch being its fallback.
 */
import { catchError, concatMap, defer, from, mergeMap, of, withLatestFrom, type Observable } from 'rxjs'
import { errorCode, errorMessage, type WalletProvider } from '../../chains/adapter'
import type { Command, Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { CaipNetwork } from '../../events/shapes/network'
import { ChainAdapterNotFoundError } from '../../kernel/errors/lookup'
import { selectIsActiveNetworkSupported } from '../../core/networks/selectors'
import { closeModal } from '../../core/router/commands'
import type { WatchingRuntime } from '../runtime'
import { embeddedSwitch, embeddedSwitchTarget } from './embeddedSwitch'
import { SWITCH_FAILED_MESSAGE, switchTarget } from './withoutWallet'

/**
 * The network recorded, unless the wallet's chainChanged did it already. The account's CAIP-10
 * address follows NETWORK_SWITCHED in the account reducer: one transition, one event.
 */
function switched(caipNetworkId: string, wasSupported: boolean): Command[] {
  const record: Command = (root) => (root.networks.activeCaipNetworkId === caipNetworkId ? [] : [createEvent('NETWORK_SWITCHED', { caipNetworkId })])
  return wasSupported ? [record] : [record, closeModal]
}

/** Ask `provider` to move to `network`, then record it; a refusal or failure is NETWORK_SWITCH_FAILED. */
function walletSwitch(runtime: WatchingRuntime, network: CaipNetwork, provider: WalletProvider, wasSupported: boolean): Observable<AirlockEvent | Command> {
  const { caipNetworkId, chainNamespace: namespace } = network
  return defer(async () => {
    const adapter = await runtime.loadAdapter(namespace)
    if (!adapter) throw new ChainAdapterNotFoundError({ namespace })
    await adapter.switchNetwork(provider, network)
    return switched(caipNetworkId, wasSupported)
  }).pipe(
    mergeMap((commands) => from(commands)),
    catchError((error: unknown) => {
      const code = errorCode(error)
      return of(
        createEvent('NETWORK_SWITCH_FAILED', {
          caipNetworkId,
          message: errorMessage(error, SWITCH_FAILED_MESSAGE),
          ...(code === undefined ? {} : { code }),
        }),
      )
    }),
  )
}

export const switchWalletNetwork =
  (runtime: WatchingRuntime): Effect =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('NETWORK_SWITCH_REQUESTED'),
      withLatestFrom(state$),
      // One switch at a time: a wallet shows one prompt at a time.
      concatMap(([event, state]) => {
        const { caipNetworkId } = event.payload
        const wasSupported = selectIsActiveNetworkSupported(state)
        const ordinary = (): Observable<AirlockEvent | Command> => {
          const target = switchTarget(state, runtime.providers, caipNetworkId)
          return 'type' in target ? of(target) : walletSwitch(runtime, target.network, target.provider, wasSupported)
        }
        const embedded = embeddedSwitchTarget(state, runtime.providers, caipNetworkId)
        return embedded ? embeddedSwitch(runtime, deps, embedded, wasSupported, ordinary) : ordinary()
      }),
    )
