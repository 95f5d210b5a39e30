/**
 * The instance's connection methods (connect, switch or leave one wallet, disconnect), each a
 * request dispatched to the kernel and a promise settled by the events that answer it.
 */
import type { Observable } from 'rxjs'
import type { Kernel } from '../kernel/kernel'
import { createEvent, type AirlockEvent } from '../kernel/registry'
import { ConnectorNotFoundError } from '../kernel/errors/lookup'
import { ConnectionFailedError, DisconnectFailedError } from '../kernel/errors/connection'
import { providerError } from '../kernel/errors/provider'
import type { AirlockInstance } from '../ports/instance'
import type * as FailureMappings from '../core/connection/failures'

/** The failure mappings (src/core/connection/failures.ts), a chunk fetched when an answer fails. */
export type Failures = typeof FailureMappings

export function connectionMethods(kernel: Kernel): Pick<AirlockInstance, 'connect' | 'switchWallet' | 'disconnectWallet' | 'disconnect'> {
  return {
    async connect(target) {
      // A catalog wallet's id or `{ namespace }` (the headless API) is resolved by a chunk of its own.
      const connectorId =
        typeof target === 'string' && kernel.getState().connectors.allConnectors.some((c) => c.id === target)
          ? target
          : (await import('./headless')).connectorFor(kernel, target)
      const settled = firstOf(kernel.events$, (event) =>
        event.type === 'CONNECT_SUCCESS' && event.payload.connectorId === connectorId
          ? 'ok'
          : event.type === 'USER_REJECTED' || event.type === 'CONNECT_ERROR'
            ? (f: Failures) => f.connectFailure(event)
            : undefined,
      )
      kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId }))
      return settled
    },
    async switchWallet(connectorId, namespace) {
      const ns = namespace ?? kernel.getState().networks.activeNamespace
      if (ns === null || kernel.getState().connectors.activeConnectorIds[ns] === connectorId) return
      const settled = firstOf(kernel.events$, (event) =>
        event.type === 'ACTIVE_CONNECTION_CHANGED' && event.payload.connectorId === connectorId
          ? 'ok'
          : event.type === 'USER_REJECTED' || event.type === 'CONNECT_ERROR'
            ? (f: Failures) => f.connectFailure(event)
            : event.type === 'CONNECTION_REMOVED' && event.payload.connectorId === connectorId
              ? () => new ConnectorNotFoundError({ connectorId })
              : undefined,
      )
      kernel.dispatch(createEvent('CONNECTION_SWITCH_REQUESTED', { namespace: ns, connectorId }))
      return settled
    },
    disconnectWallet(connectorId, namespace) {
      // With no namespace named and none active there is no wallet to leave: a null namespace
      // would ask every namespace to disconnect.
      const ns = namespace ?? kernel.getState().networks.activeNamespace
      if (ns === null) return
      kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: ns, connectorId }))
    },
    disconnect(namespace) {
      const settled = firstOf(kernel.events$, (event) =>
        event.type === 'DISCONNECT_SUCCESS'
          ? 'ok'
          : event.type === 'DISCONNECT_ERROR'
            ? (f: Failures) => f.disconnectFailure(event.payload.message)
            : undefined,
      )
      kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: namespace ?? null }))
      return settled
    },
  }
}

/**
 * The failure mappings as the first load can make them, for when their chunk cannot be fetched
 * (issue 27 §3: offline, and no request failed before): the same classes for a refusal (4001) and
 * a wallet's coded switch failure, and each request's own failure otherwise, "Connection failed"
 * (the answer's message in `details`), SwitchChainError or "Failed to disconnect". Never the
 * import's error: that is not an answer to the request.
 */
const FIRST_LOAD_FAILURES: Failures = {
  connectFailure: (e) =>
    e.type === 'USER_REJECTED' ? providerError({ code: 4001, message: e.payload.message }) : new ConnectionFailedError({ details: e.payload.message }),
  switchFailure: (p) => providerError({ code: p.code ?? 4902, message: p.message }),
  disconnectFailure: (message) => new DisconnectFailedError({ details: message }),
}

/**
 * A promise settled by the first event `settle` answers: 'ok' resolves it, a failure rejects it
 * with the error it makes from the failure mappings, a chunk fetched only then (issue 27 §1: no
 * page loads them before a request fails), or, when that chunk cannot be fetched, from
 * FIRST_LOAD_FAILURES. Subscribed before the request is dispatched, so an answer given at once is
 * not missed.
 */
export function firstOf(events$: Observable<AirlockEvent>, settle: (event: AirlockEvent) => 'ok' | ((failures: Failures) => Error) | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const subscription = events$.subscribe((event) => {
      const outcome = settle(event)
      if (outcome === undefined) return
      subscription.unsubscribe()
      if (outcome === 'ok') resolve()
      else import('../core/connection/failures').catch(() => FIRST_LOAD_FAILURES).then((failures) => reject(outcome(failures)))
    })
  })
}
