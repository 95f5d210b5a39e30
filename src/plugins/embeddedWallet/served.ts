/**
 * Where the embedded wallet is a connector: on the chain namespaces its frame says it serves (its
 * READY, src/embedded/protocol.ts) that the site configured networks for. The plugin's connector
 * contribution only registers the provider; the frame's answer, not a list of the page's own,
 * names the namespaces (issue 26 §3). Added again when a reloaded frame says more; never removed.
 */
import { mergeMap, withLatestFrom } from 'rxjs'
import { createEvent, type ChainNamespace, type Effect, type PortDeps } from 'airlock/plugin'
import { AUTH_CONNECTOR_ID as id, AUTH_CONNECTOR_NAME as name } from '../../embedded/connector'

export const served: Effect<PortDeps> = (_events$, state$, { embedded }) =>
  embedded.namespaces$.pipe(
    withLatestFrom(state$),
    mergeMap(([namespaces, state]) => {
      // A name the page does not know has no entry (nor networks, whatever it inherits).
      const chains = namespaces.filter((chain) => state.networks.byNamespace[chain as ChainNamespace]?.networks.length) as ChainNamespace[]
      return chains.length === 0 ? [] : [createEvent('CONNECTORS_ADDED', { connectors: chains.map((chain) => ({ id, name, type: 'AUTH' as const, chain })) })]
    }),
  )
