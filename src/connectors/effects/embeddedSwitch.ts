/**
 * SPEC §4 "Switch network", the embedded wallet's case: a switch to another namespace, while the
 * wallet connected is the embedded one and its frame serves that namespace
 * (src/core/networks/embeddedSwitchRules.ts), connects it there through its provider (the frame,
 * which holds the session: no new sign-in) and makes that namespace active with its account, as a
 * connect does. When the frame refuses or fails, the ordinary switch follows ("falling back to an
 * adapter switch on error"): the network is switched to with no wallet there, and the visitor
 * connects one (the is-switching-namespace flag stays set until an account is in).
 */
import { catchError, from, mergeMap, throwError, timeout, type Observable } from 'rxjs'
import type { Command } from '../../kernel/module'
import type { Deps } from '../../kernel/deps'
import type { AirlockEvent, RootState } from '../../kernel/registry'
import type { CaipNetwork } from '../../events/shapes/network'
import type { Connector } from '../../events/shapes/connector'
import type { WalletProvider } from '../../chains/adapter'
import { findNetwork } from '../../core/networks/selectors'
import { embeddedSwitchConnector } from '../../core/networks/embeddedSwitchRules'
import { closeModal } from '../../core/router/commands'
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
  const connector = network && embeddedSwitchConnector(state, network.chainNamespace)
  const provider = connector && providers.get(connector.id)
  return network && connector && provider ? { network, connector, provider } : undefined
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
