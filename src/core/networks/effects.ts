/** Effects of the networks module. */
import { EMPTY, defer, map, mergeMap, of, take, withLatestFrom } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { eventsWithState, ofType } from '../../kernel/operators'
import { moduleError } from '../../kernel/kernelEvents'
import { AdapterNotFoundError } from '../../kernel/errors/lookup'
import { chainNamespaceOf } from '../../events/shapes/namespace'
import type { NetworksState } from './state'

/**
 * The public SWITCH_NETWORK analytics event, once after each NETWORK_SWITCHED that made its
 * network the active one, and still is at the event's turn (a command: the payload is the state's
 * active network, DESIGN "Events"). A switch the reducer ignored (an id of no known namespace) is
 * not announced.
 *
 * ```ts
 * // NETWORK_SWITCHED { caipNetworkId: 'eip155:137' } → SWITCH_NETWORK { network: 'eip155:137' }
 * ```
 */
export const announceSwitch: Effect = (events$) =>
  events$.pipe(
    ofType('NETWORK_SWITCHED'),
    map(
      ({ payload: { caipNetworkId } }): Command =>
        (root) =>
          root.networks.activeCaipNetworkId === caipNetworkId ? [createEvent('SWITCH_NETWORK', { network: caipNetworkId })] : [],
    ),
  )

/**
 * SPEC §5: adding a network needs an adapter for its namespace. The reducer leaves the state as
 * it was; this reports the refusal as a module error with the SPEC §8 message "Adapter not found".
 *
 * ```ts
 * // NETWORK_ADDED { network: bitcoin } without a bip122 adapter → MODULE_ERROR 'Adapter not found'
 * ```
 */
export const reportMissingAdapter: Effect = (events$, state$) =>
  events$.pipe(
    ofType('NETWORK_ADDED'),
    withLatestFrom(state$),
    mergeMap(([event, state]) =>
      state.networks.adapters.includes(event.payload.network.chainNamespace)
        ? EMPTY
        : of(moduleError('networks', 'effect:reportMissingAdapter', new AdapterNotFoundError({ namespace: event.payload.network.chainNamespace }))),
    ),
  )

/**
 * SPEC §4: removing the last network of a namespace disables that namespace's filter. It compares
 * the slice before and after each NETWORK_REMOVED, so removing an id that was not there, or from
 * a namespace that was already empty, emits nothing.
 *
 * ```ts
 * // NETWORK_REMOVED { caipNetworkId: 'solana:5eykt…' } (the only solana network)
 * //   → NAMESPACE_EMPTIED { namespace: 'solana' }
 * ```
 */
export const disableEmptiedNamespace: Effect = (events$, state$) =>
  defer(() => {
    // The slice as it was before the event now being handled: state$ has already moved on.
    let before: NetworksState | undefined
    state$.pipe(take(1)).subscribe((state) => (before = state.networks))
    // Every event passes here: eventsWithState, no inner Observable nor array per event (issue 27 §1).
    return eventsWithState(events$, state$, (event, state): AirlockEvent | undefined => {
      const previous = before
      const after = state.networks
      before = after
      if (event.type !== 'NETWORK_REMOVED' || previous === undefined) return undefined
      const namespace = chainNamespaceOf(event.payload.caipNetworkId)
      if (namespace === undefined) return undefined
      const emptied = previous.byNamespace[namespace].networks.length > 0 && after.byNamespace[namespace].networks.length === 0
      return emptied ? createEvent('NAMESPACE_EMPTIED', { namespace }) : undefined
    })
  })
