/**
 * The connectors plugins bring (a module's `connectors`, issue 26 §3): when a plugin loads, each
 * one's provider is made and registered under its id, so the connect, restore and follow effects
 * reach it like any wallet's, and the connector is added on the namespaces it names that the site
 * configured. The embedded wallet is one of them.
 */
import { EMPTY, mergeMap, of, withLatestFrom } from 'rxjs'
import type { ConnectorSpec, Effect } from '../kernel/module'
import { ofType } from '../kernel/operators'
import { createEvent } from '../kernel/registry'
import { ConnectorType, type Connector } from '../events/shapes/connector'
import { ChainNamespace } from '../events/shapes/namespace'
import type { WalletProvider } from '../ports/wallet'
import type { ConnectorRuntime } from './runtime'

/** A loaded module's connectors and the deps its provider factories get; undefined for a module that brings none. */
export type ContributedConnectors = (moduleId: string) => { readonly specs: readonly ConnectorSpec<never>[]; readonly deps: never } | undefined

/**
 * ```ts
 * // PLUGIN_LOADED { id: 'embeddedWallet' } → providers.set('AUTH', …), CONNECTORS_ADDED [{ id: 'AUTH', type: 'AUTH', chain: 'eip155' }, …]
 * ```
 */
export const contributedConnectors =
  (runtime: ConnectorRuntime, contributed: ContributedConnectors): Effect =>
  (events$, state$) =>
    events$.pipe(
      ofType('PLUGIN_LOADED'),
      withLatestFrom(state$),
      mergeMap(([event, state]) => {
        const found = contributed(event.payload.id)
        const connectors: Connector[] = []
        for (const spec of found?.specs ?? []) {
          if (!ConnectorType.is(spec.type)) continue
          if (!runtime.providers.has(spec.id)) runtime.providers.set(spec.id, spec.provider(found!.deps) as WalletProvider)
          for (const chain of spec.namespaces) {
            if (ChainNamespace.is(chain) && state.networks.byNamespace[chain].networks.length > 0)
              connectors.push({ id: spec.id, name: spec.name, type: spec.type, chain })
          }
        }
        return connectors.length === 0 ? EMPTY : of(createEvent('CONNECTORS_ADDED', { connectors }))
      }),
    )
