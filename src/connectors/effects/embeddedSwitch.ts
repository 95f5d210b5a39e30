/**
 * SPEC §4 "Switch network", the embedded wallet's case: a switch to another namespace, while the
 * wallet connected is the embedded one and its frame serves that namespace
 * (src/core/networks/embeddedSwitchRules.ts, and no wallet there yet), connects it there through its provider (the frame,
 * which holds the session: no new sign-in) and makes that namespace active with its account, as a
 * connect does. When the frame refuses or fails, the ordinary switch follows ("falling back to an
 * adapter switch on error"): the network is switched to with no wallet there, and the visitor
 * connects one (the is-switching-namespace flag stays set until an account is in).
 */
import { catchError, EMPTY, from, mergeMap, of, throwError, timeout, withLatestFrom, type Observable } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import type { Deps } from '../../kernel/deps'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { CaipNetwork } from '../../events/shapes/network'
import type { Connector } from '../../events/shapes/connector'
import type { WalletProvider } from '../../chains/adapter'
import { findNetwork } from '../../core/networks/selectors'
import { embeddedConnectorOn } from '../../core/networks/embeddedSwitchRules'
import { closeModal, goBack } from '../../core/router/commands'
import { View } from '../../core/router/views'
import { TimeoutError } from '../../kernel/errors/http'
import type { ProviderRegistry } from '../providerRegistry'
import type { WatchingRuntime } from '../runtime'
import { withWalletWatch } from '../walletWatches'
import { CONNECT_ANSWER_WAIT_MS } from '../timeout'
import { connected } from './connect'

/** A switch the embedded wallet answers by connecting on the network's namespace. */
export interface EmbeddedSwitch {
  readonly network: CaipNetwork
  readonly connector: Connector
  readonly provider: WalletProvider
}

/**
 * The embedded wallet's switch for a switch request on `state`, or undefined when the ordinary
 * switch answers it.
 *
 * ```ts
 * embeddedSwitchTarget(state, runtime.providers, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // { network, connector: AUTH on solana, provider }
 * ```
 */
export function embeddedSwitchTarget(state: RootState, providers: Pick<ProviderRegistry, 'get'>, caipNetworkId: string): EmbeddedSwitch | undefined {
  const network = findNetwork(state.networks, caipNetworkId)
  const from = state.networks.activeNamespace
  const { connectedNamespaces } = state.connection
  // Another namespace than the active one, which is connected (with the embedded wallet), and no wallet there yet.
  if (
    !network ||
    from === null ||
    from === network.chainNamespace ||
    !connectedNamespaces.includes(from) ||
    connectedNamespaces.includes(network.chainNamespace)
  )
    return undefined
  const connector = embeddedConnectorOn(state, network.chainNamespace)
  const provider = connector && providers.get(connector.id)
  return connector && provider ? { network, connector, provider } : undefined
}

/**
 * Connect the embedded wallet on the target's namespace, the network active with its account (and
 * the modal closed when the network before was not one the site supports, as after any switch);
 * `fallback` when that fails.
 */
export function embeddedSwitch(
  runtime: WatchingRuntime,
  deps: Pick<Deps, 'scheduler' | 'logger'>,
  { network, connector, provider }: EmbeddedSwitch,
  wasSupported: boolean,
  fallback: () => Observable<AirlockEvent | Command>,
): Observable<AirlockEvent | Command> {
  return withWalletWatch(runtime, network.chainNamespace, provider, async (adapter) => ({ adapter, session: await adapter.connect(provider, network) })).pipe(
    timeout({
      first: CONNECT_ANSWER_WAIT_MS,
      scheduler: deps.scheduler,
      with: () => throwError(() => new TimeoutError({ details: `${connector.name} did not answer within ${CONNECT_ANSWER_WAIT_MS / 1000} s` })),
    }),
    mergeMap(({ adapter, session }) => from<Command[]>([connected(connector, adapter, session), ...(wasSupported ? [] : [closeModal])])),
    catchError((error: unknown) => {
      deps.logger.warn(`${connector.name} did not connect on ${network.chainNamespace}; switching without it`, error)
      return fallback()
    }),
  )
}

/**
 * The network picker (src/core/networks/pickNetwork.ts, in the first load) offers SwitchActiveChain
 * for a namespace with no wallet. Where the embedded wallet connects there instead, the view gives
 * way to the switch in the same dispatch, before anything is drawn: back to the picker, and the
 * switch asked (which the effect above answers through the frame). Here, in the wallet effects'
 * chunk (loaded once a wallet is connected, as the embedded wallet is then), so the first load
 * carries none of it.
 */
export const embeddedPick =
  (runtime: Pick<WatchingRuntime, 'providers'>): Effect =>
  (events$, state$) =>
    events$.pipe(
      ofType('ROUTER_PUSH'),
      withLatestFrom(state$),
      mergeMap(([event, state]) => {
        const caipNetworkId = event.payload.view === View.SwitchActiveChain ? event.payload.data?.caipNetworkId : undefined
        if (caipNetworkId === undefined || !embeddedSwitchTarget(state, runtime.providers, caipNetworkId)) return EMPTY
        const instead: Command = (root) =>
          root.router.history.at(-1)?.view === View.SwitchActiveChain ? [...goBack(root), createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId })] : []
        return of(instead)
      }),
    )
