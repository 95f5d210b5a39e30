/**
 * The wallet-connection effects as the first load holds them: a trigger that loads the real ones
 * (./walletEffects.ts, their own chunk with the listeners on the wallets' events and the session
 * decoding) when a wallet is first needed: a connect, a stored connection to restore, a switch or
 * a disconnect with a wallet to ask, or a connection made some other way. Until then it answers a
 * switch or a disconnect with no wallet to ask itself, as the loaded effects would (issue 11).
 * Discovery stays in the first load: announcements must be heard from the start.
 */
import { defer, from, mergeMap } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import { lazyEffects } from '../../kernel/lazyEffects'
import type { walletEffects } from './walletEffects'
import type { ConnectorRuntime } from '../runtime'
import { storedNamespaces } from '../storedConnections'
import { DisconnectFailedError } from '../../kernel/errors/connection'
import { WALLET_CONNECT_ID } from '../walletconnect/port'
import { CONNECT_FAILED_MESSAGE } from './failure'
import { disconnected, disconnectTargets, SWITCH_FAILED_MESSAGE, switchTarget } from './withoutWallet'

/** Fetch the wallet effects' chunk. */
export type LoadWalletEffects = () => Promise<{ walletEffects: typeof walletEffects }>

/** Whether `event`, on the state it made, needs the wallet effects: their code loads. */
export function needsWalletEffects(runtime: ConnectorRuntime, event: AirlockEvent, state: RootState | undefined): boolean {
  switch (event.type) {
    case 'CONNECT_REQUESTED':
      return true
    case 'STORAGE_HYDRATED':
      return storedNamespaces(event.payload.values, () => true).length > 0
    case 'NETWORK_SWITCH_REQUESTED':
      return state !== undefined && !('type' in switchTarget(state, runtime.providers, event.payload.caipNetworkId))
    case 'DISCONNECT_REQUESTED':
      return state !== undefined && disconnectTargets(state, runtime.providers, event.payload.namespace).length > 0
    default:
      // A connection made without a connect request here (a plugin's wallet) is followed too.
      return state !== undefined && state.connection.connectedNamespaces.length > 0
  }
}

/** What a failed load of the chunk means for the events that asked for it. */
function loadFailure(events: readonly AirlockEvent[], error: unknown): (AirlockEvent | Command)[] {
  return events.flatMap((event): (AirlockEvent | Command)[] => {
    switch (event.type) {
      case 'CONNECT_REQUESTED':
        // WalletConnect's own trigger answers for its connects.
        if (event.payload.connectorId === WALLET_CONNECT_ID) return []
        // The code that talks to wallets could not be fetched (offline): no wallet said anything, so
        // the banner says what failed in the strings' words, never the import's error as a wallet's.
        return [
          createEvent('CONNECT_ERROR', { message: CONNECT_FAILED_MESSAGE }),
          createEvent('NOTIFICATION_REQUESTED', { variant: 'error', key: 'viewLoadFailed' }),
        ]
      case 'STORAGE_HYDRATED':
        return storedNamespaces(event.payload.values, (id) => id !== WALLET_CONNECT_ID).map((namespace) =>
          createEvent('CONNECTION_CHECK_FAILED', { namespace }),
        )
      case 'NETWORK_SWITCH_REQUESTED':
        return [createEvent('NETWORK_SWITCH_FAILED', { caipNetworkId: event.payload.caipNetworkId, message: SWITCH_FAILED_MESSAGE })]
      case 'DISCONNECT_REQUESTED':
        return [
          createEvent('DISCONNECT_ERROR', { message: new DisconnectFailedError({ cause: error }).message }),
          createEvent('CONNECTION_RESET', { namespace: event.payload.namespace }),
        ]
      default:
        return []
    }
  })
}

/** A switch or a disconnect with no wallet to ask, answered as the loaded effects answer it. */
function idle(runtime: ConnectorRuntime, event: AirlockEvent, state: RootState) {
  if (event.type === 'NETWORK_SWITCH_REQUESTED') {
    const answer = switchTarget(state, runtime.providers, event.payload.caipNetworkId)
    return 'type' in answer ? defer(() => [answer]) : undefined
  }
  if (event.type === 'DISCONNECT_REQUESTED') {
    // No wallet to wait for; answered after the current dispatch, as the loaded effect answers.
    return defer(async () => disconnected(event.payload.namespace)).pipe(mergeMap((events) => from(events)))
  }
  return undefined
}

/**
 * The trigger (see ../lazyEffects).
 *
 * ```ts
 * effects: { wallet: startWalletEffects(runtime) }
 * ```
 */
export const startWalletEffects = (runtime: ConnectorRuntime, moduleId: string, load: LoadWalletEffects = () => import('./walletEffects')): Effect =>
  lazyEffects({
    what: 'wallet connection',
    needs: (event, state) => needsWalletEffects(runtime, event, state),
    load,
    keep: (event) => event.type === 'STORAGE_HYDRATED',
    effect: (chunk, before) => chunk.walletEffects(runtime, { moduleId, restore: before.length === 0 }),
    failure: loadFailure,
    idle: (event, state) => idle(runtime, event, state),
  })
