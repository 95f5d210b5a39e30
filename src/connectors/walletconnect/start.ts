/**
 * The WalletConnect connector as the first load holds it: the entry in Connect, and a trigger
 * that loads the real effects (./effects.ts, their own chunk with the session provider and the
 * session decoding) only when WalletConnect is needed: a visitor picks it, its view is shown, or
 * storage holds a session to restore. A page whose visitors use an injected wallet never fetches
 * that chunk (issue 11 §2).
 */
import { EMPTY, mergeMap, of, take } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { Connector } from '../../events/shapes/connector'
import type { ResolvedOptions } from '../../events/shapes/options'
import { isRelayNamespace } from '../../chains/relay'
import type { ConnectorRuntime } from '../runtime'
import { connectFailure } from '../effects/failure'
import { lazyEffects } from '../../kernel/lazyEffects'
import { storedNamespaces } from '../storedConnections'
import { View } from '../../core/router/views'
import { WALLET_CONNECT_ID, WALLET_CONNECT_NAME } from './port'

/** The connector of the WalletConnect entry; `chain` is the first namespace a session can carry. */
export function walletConnectConnector(options: ResolvedOptions): Connector {
  const first = options.networks.find((n) => isRelayNamespace(n.chainNamespace))
  return { id: WALLET_CONNECT_ID, name: WALLET_CONNECT_NAME, type: 'WALLET_CONNECT', chain: first?.chainNamespace ?? 'eip155' }
}

/** OPTIONS_INITIALIZED → the WalletConnect entry, when the site enables it. */
export const offerWalletConnect: Effect = (events$) =>
  events$.pipe(
    ofType('OPTIONS_INITIALIZED'),
    take(1),
    mergeMap((event) => {
      const options = event.payload.options
      if (!options.enableWalletConnect || !options.networks.some((n) => isRelayNamespace(n.chainNamespace))) return EMPTY
      return of(createEvent('CONNECTORS_ADDED', { connectors: [walletConnectConnector(options)] }))
    }),
  )

const storedSession = (event: AirlockEvent): boolean =>
  event.type === 'STORAGE_HYDRATED' && storedNamespaces(event.payload.values, (id) => id === WALLET_CONNECT_ID).length > 0

/** Whether `event` means WalletConnect is needed now: its code loads. */
export function needsWalletConnect(event: AirlockEvent): boolean {
  switch (event.type) {
    case 'CONNECT_REQUESTED':
      return event.payload.connectorId === WALLET_CONNECT_ID
    case 'ROUTER_PUSH':
    case 'ROUTER_REPLACE':
      // The view starts a pairing at once: loading on its arrival saves a round trip.
      return event.payload.view === View.ConnectingWalletConnect
    default:
      return storedSession(event)
  }
}

/** What a failed load of the chunk means for the events that asked for it. */
function loadFailure(events: readonly AirlockEvent[], error: unknown): AirlockEvent[] {
  const failed: AirlockEvent[] = []
  if (events.some((e) => e.type === 'CONNECT_REQUESTED' && e.payload.connectorId === WALLET_CONNECT_ID)) {
    failed.push(...connectFailure(error), createEvent('WC_PAIRING_FAILED', {}))
  }
  for (const event of events) {
    if (event.type !== 'STORAGE_HYDRATED') continue
    for (const namespace of storedNamespaces(event.payload.values, (id) => id === WALLET_CONNECT_ID)) {
      failed.push(createEvent('CONNECTION_CHECK_FAILED', { namespace }))
    }
  }
  return failed
}

type Load = () => Promise<{ walletConnectEffects(runtime: ConnectorRuntime): Effect }>

/**
 * The trigger (see ../lazyEffects): at the first event that needs WalletConnect, import its
 * effects and run them on that event and every one after it. A failed load fails what asked for
 * it (the view offers a retry) and the next need tries again.
 *
 * ```ts
 * effects: { walletConnect: startWalletConnect(runtime) }
 * ```
 */
export const startWalletConnect = (runtime: ConnectorRuntime, load: Load = () => import('./effects')): Effect =>
  lazyEffects({
    what: 'WalletConnect',
    needs: needsWalletConnect,
    load,
    effect: (chunk) => chunk.walletConnectEffects(runtime),
    failure: loadFailure,
  })
