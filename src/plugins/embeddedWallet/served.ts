/**
 * Where the embedded wallet is a connector: on the chain namespaces its frame says it serves (its
 * READY, src/embedded/protocol.ts) that the site configured networks for. The plugin's connector
 * contribution only registers the provider; the frame's answer, not a list of the page's own,
 * names the namespaces (issue 26 §3). Added again when a reloaded frame says more; never removed.
 */
import { EMPTY, map, mergeMap, of, withLatestFrom } from 'rxjs'
import { createEvent, type ChainNamespace, type Effect, type PortDeps, type RootState } from 'airlock/plugin'
import { AUTH_CONNECTOR_ID, AUTH_CONNECTOR_NAME } from '../../embedded/connector'

/** The namespaces of `served` the site configured networks for (a name the page does not know is not one of them). */
export function servedNamespaces(state: RootState, served: readonly string[]): ChainNamespace[] {
  const byNamespace = state.networks.byNamespace as Partial<Record<string, { readonly networks: readonly unknown[] }>>
  return served.filter((namespace): namespace is ChainNamespace => Object.hasOwn(byNamespace, namespace) && byNamespace[namespace]!.networks.length > 0)
}

export const served: Effect<PortDeps> = (_events$, state$, { embedded }) =>
  embedded.namespaces$.pipe(
    withLatestFrom(state$),
    map(([namespaces, state]) => servedNamespaces(state, namespaces)),
    mergeMap((chains) =>
      chains.length === 0
        ? EMPTY
        : of(
            createEvent('CONNECTORS_ADDED', {
              connectors: chains.map((chain) => ({ id: AUTH_CONNECTOR_ID, name: AUTH_CONNECTOR_NAME, type: 'AUTH' as const, chain })),
            }),
          ),
    ),
  )
