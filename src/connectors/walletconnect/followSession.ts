/**
 * Follow a WalletConnect session once connected: the wallet's events, session updates and its
 * end. Part of the lazy WalletConnect chunk (./effects.ts runs it).
 */
import { distinctUntilChanged, EMPTY, firstValueFrom, from, map, mergeMap, Observable, switchMap, take } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { chainNamespaceOf } from '../../events/shapes/namespace'
import { relayNamespace } from '../../chains/relay'
import { accountEvent } from '../session'
import type { WalletConnectClient } from './client'
import { grantedSession, type GrantedNamespace } from './sessionAccounts'
import { clientOptions, relayNamespaces, type RelayRuntime } from './relayRuntime'

/**
 * While a relay session is connected: the wallet's session events, updates and its end become
 * state. Events of a namespace the provider answers (eip155) go through it (the follow effect
 * reads them as from any wallet); other namespaces' account changes are set here. When the relay connection goes (reset,
 * disconnect), the provider lets go of the session.
 */
export const followWalletConnect =
  (runtime: RelayRuntime): Effect =>
  (_events$, state$, deps) =>
    state$.pipe(
      map((state) => relayNamespaces(state).length > 0),
      distinctUntilChanged(),
      switchMap((connected) => {
        const provider = runtime.provider
        if (!connected) {
          if (provider.topic !== null) provider.endSession?.().catch(() => undefined)
          provider.detach()
          return EMPTY
        }
        return state$.pipe(
          take(1),
          switchMap((root) => (root.options.resolved ? from(runtime.walletConnect.load(clientOptions(root.options.resolved, deps))) : EMPTY)),
          switchMap((client) => sessionChanges(runtime, client, state$)),
        )
      }),
    )

function sessionChanges(runtime: RelayRuntime, client: WalletConnectClient, state$: Observable<RootState>): Observable<AirlockEvent | Command> {
  const provider = runtime.provider
  return new Observable<() => Promise<(AirlockEvent | Command)[]>>((subscriber) =>
    client.on({
      event: (topic, chainId, name, data) => {
        if (topic !== provider.topic && provider.topic !== null) return
        // A namespace the provider answers hears its own events (the follow effect reads them).
        if (provider.sessionEvent(chainId, name, data)) return
        subscriber.next(async () => otherNamespaceEvent(await firstValueFrom(state$), chainId, name, data))
      },
      update: (topic, namespaces) =>
        subscriber.next(async () => {
          const root = await firstValueFrom(state$)
          if (topic !== provider.topic && provider.topic !== null) return []
          const granted = grantedSession(namespaces, root.options.resolved?.networks ?? [])
          const events: AirlockEvent[] = []
          for (const g of granted.namespaces) {
            provider.update(g)
            if (!provider.answers(g.namespace)) events.push(...otherNamespaceAccounts(root, g))
            events.push(createEvent('NETWORKS_APPROVED', { namespace: g.namespace, caipNetworkIds: g.chains, supportsAllNetworks: false }))
          }
          return events
        }),
      ended: (topic) =>
        subscriber.next(async () => {
          if (topic !== provider.topic && provider.topic !== null) return []
          provider.detach()
          // The namespaces still connected through the relay when the command's turn comes.
          const ended: Command = (root) =>
            relayNamespaces(root).flatMap((namespace) => [createEvent('DISCONNECT_SUCCESS', { namespace }), createEvent('CONNECTION_RESET', { namespace })])
          return [ended]
        }),
    }),
  ).pipe(
    mergeMap((handle) => from(handle()), 1),
    mergeMap((events) => from(events)),
  )
}

/** A namespace's accounts event (its `accountsEvents` in the relay table): its accounts, when well formed. */
function otherNamespaceEvent(root: RootState, chainId: string, name: string, data: unknown): AirlockEvent[] {
  const namespace = chainNamespaceOf(chainId)
  if (!namespace || !relayNamespace(namespace)?.accountsEvents.includes(name)) return []
  if (!Array.isArray(data)) return []
  const accounts = data.map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as { address?: unknown }).address : entry))
  const granted = grantedSession({ [namespace]: { accounts: accounts.map((a) => `${chainId}:${String(a)}`) } }, root.options.resolved?.networks ?? [])
  return granted.namespaces.flatMap((g) => otherNamespaceAccounts(root, g))
}

function otherNamespaceAccounts(root: RootState, g: GrantedNamespace): AirlockEvent[] {
  const active = root.networks.activeCaipNetworkId
  const chain = active && g.chains.includes(active) ? active : g.chains[0]
  if (!chain) return []
  return [accountEvent(g.namespace, chain, g.addresses[chain] ?? [])]
}
